// `npm run reconcile` (decision 0051): every difference between the ledger's balances and its
// entries, the books and what they record (member balances, orders, holds, refunds), and our
// online payments and what their providers answer. Prints "no differences" and exits 0 in a
// healthy system; prints each difference and exits 1 otherwise.
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { createDatabase } from './db/client';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from './db/embedded-postgres';
import { migrateDatabase } from './db/migrate';

/** How many days of online payments are asked of their providers (`--days=30`). */
const daysArgument = (): number => {
  const given = process.argv.find((a) => a.startsWith('--days='))?.slice('--days='.length);
  const days = given === undefined ? 3 : Number(given);
  if (!Number.isInteger(days) || days < 0 || days > 3650) {
    console.error('--days must be a whole number of days (0–3650)');
    process.exit(2);
  }
  return days;
};

async function main(): Promise<void> {
  const providerDays = daysArgument();
  let config;
  try {
    const loaded = loadConfig();
    // No job workers here: the first in-process call to a sandbox makes the app ready, and
    // ready starts the workers (decision 0058).
    config = { ...loaded, jobs: { ...loaded.jobs, workers: false } };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const dataDir = path.join(config.dataDir, 'pg');
  // A running server's database is used as it runs; otherwise this starts it, and stops it.
  const embedded =
    config.databaseUrl || (await runningEmbeddedPostgresUrl(dataDir))
      ? null
      : await startEmbeddedPostgres({ dataDir });
  const url = config.databaseUrl ?? (await runningEmbeddedPostgresUrl(dataDir)) ?? embedded!.url();
  const database = createDatabase(url, { max: 2, onError: () => undefined });
  // The books as this version reads them (a no-op when the server migrated already).
  await migrateDatabase(database.pool);
  // The app as the server builds it (its providers from the environment); nothing listens.
  const app = await buildApp({ config, database, loggerInstance: pino({ level: 'silent' }) });
  try {
    const report = await app.modules.payment.reconcile({ providerDays });
    console.log(
      `对账时间 ${report.checkedAt}；向支付机构核对 ${report.providerChecks} 笔（近 ${providerDays} 天及未完成的）`,
    );
    for (const d of report.differences) console.log(`差异\t${d.check}\t${d.subject}\t${d.detail}`);
    console.log(
      report.differences.length === 0 ? '无差异' : `共 ${report.differences.length} 处差异`,
    );
    process.exitCode = report.differences.length === 0 ? 0 : 1;
  } finally {
    await app.close();
    await database.pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
