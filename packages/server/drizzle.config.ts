import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @stoop/server` after changing src/db/schema/*.ts; migrations are applied on boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
