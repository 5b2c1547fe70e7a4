import { buildApp } from './app';
import { bufferedStdout, loggerOptions } from './logger';
import { ConfigError, loadConfig } from './config/env';
import { createDatabase, type Database } from './db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres';
import { migrateDatabase } from './db/migrate';
import { migrateJobs } from './lib/jobs/migrate-jobs';
import { seedDemoData } from './modules/seed';
import path from 'node:path';
import { pino } from 'pino';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const destination = bufferedStdout();
  const log = pino(loggerOptions(config), destination);
  // A crash is logged through the same buffer; process.exit runs pino's exit hook, which
  // writes what is left synchronously.
  const crash = (kind: string) => (err: unknown) => {
    log.fatal({ err }, kind);
    process.exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled rejection'));

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dataDir = path.join(config.dataDir, 'pg');
    log.info({ dataDir }, '启动内置 PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dataDir,
      onLog: (line) => log.debug({ postgres: line }),
    });
    databaseUrl = embedded.url();
  }
  const database: Database = createDatabase(databaseUrl, {
    onError: (err) => log.error({ err }, 'PostgreSQL idle client error'),
  });

  try {
    await migrateDatabase(database.pool);
    await migrateJobs(database.pool, log);
    if (config.isProduction) log.info('生产环境：不写入演示数据');
    else await seedDemoData(database.db, config);
  } catch (error) {
    await database.pool.end();
    await embedded?.stop();
    throw error;
  }

  const app = await buildApp({ config, database, loggerInstance: log });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  destination.flushSync();
  console.log(`会员中心已启动: http://localhost:${port}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, '正在关闭');
    const force = setTimeout(() => {
      log.error('关闭超时，强制退出');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      // Stops accepting, lets in-flight requests finish, then the pool and the database go.
      await app.close();
      await database.pool.end();
      await embedded?.stop();
      process.exit(0);
    } catch (err) {
      log.error({ err }, '关闭失败');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
