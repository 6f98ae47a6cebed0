// Known violation: web-realtime-imports-only-lower-layers (platform/ is its layer).
import { Card } from '../components/Card.tsx';

export const start = Card;
