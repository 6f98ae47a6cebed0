import { it } from 'vitest';
import { PG_SKIP_MESSAGE } from './database.ts';

// Placeholder run by the server-pg project when TEST_DATABASE_URL is unset (see vitest.pg.config.ts).
it.skip(PG_SKIP_MESSAGE, () => {});
