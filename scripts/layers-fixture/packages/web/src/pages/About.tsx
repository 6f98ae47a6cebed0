// Known violation: web-pages-imports-only-lower-layers.
import { routes } from '../routes/routes.tsx';

export const About = routes;
