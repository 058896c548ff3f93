import { defineConfig } from 'drizzle-kit';

// Used only to generate migrations (`npm run db:generate`); the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
