import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table file by its name, wherever its owner lives (decision 0039): a new module's
  // `*.table.ts` is found without a list to edit, and db/ names no module.
  schema: './src/**/*.table.ts',
  out: './drizzle',
});
