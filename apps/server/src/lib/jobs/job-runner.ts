import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  Logger,
  parseCronItems,
  run,
  type CronItem,
  type LogFunctionFactory,
  type Runner,
  type Task,
  type WorkerEvents,
} from 'graphile-worker';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { chinaTimeMatcher } from './china-cron';
import type {
  JobKeyMode,
  JobPayloadSchema,
  JobQueue,
  JobRegistry,
  JobType,
  ScheduleOptions,
} from './job';
import { holdPoolLiveness, unlockOrphanedJobs, type PoolLiveness } from './orphaned-locks';

/** graphile-worker's schema, created by `migrateJobs` (and again, as a no-op, by each start). */
export const JOB_SCHEMA = 'graphile_worker';

/** The registry, the queue, and the workers of one server instance. */
export interface JobRunner extends JobRegistry, JobQueue {
  /** Starts the workers and the schedules; they stop with `stop`. */
  start(): Promise<void>;
  /** Lets running jobs finish (aborting them after a grace period) and releases every handle. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  /** The app's pool, owned by the caller and ended after `stop`. */
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** Jobs run at once by this instance. */
  concurrency: number;
  /** How often idle workers look for delayed and retried jobs (default 2 s). */
  pollIntervalMs?: number;
}

const DEFAULT_POLL_INTERVAL_MS = 2_000;

const KEY_MODES: Record<JobKeyMode, string> = {
  replace: 'replace',
  'preserve-run-at': 'preserve_run_at',
  dedupe: 'unsafe_dedupe',
};

/** graphile-worker's log lines, in our log with its scope (worker, task, job) as fields. */
export const jobLogger = (log: FastifyBaseLogger) => new Logger(logLines(log));

const logLines =
  (log: FastifyBaseLogger): LogFunctionFactory =>
  (scope) =>
  (level, message, meta) => {
    const fields = { jobs: scope, err: meta?.error };
    // LogLevel is a const enum; its values are these strings.
    if (level === ('error' as typeof level)) log.error(fields, message);
    else if (level === ('warning' as typeof level)) log.warn(fields, message);
    else if (level === ('info' as typeof level)) log.info(fields, message);
    else log.debug(fields, message);
  };

/**
 * A client the workers hold (the one listening for new jobs) may lose its connection; without
 * a listener that error would crash the process. Returns the undo.
 */
export function guardClients(pool: pg.Pool, log: FastifyBaseLogger): () => void {
  const onClientError = (err: Error) => log.warn({ err }, 'job runner: PostgreSQL client error');
  const onConnect = (client: pg.PoolClient) => client.on('error', onClientError);
  pool.on('connect', onConnect);
  return () => pool.off('connect', onConnect);
}

/** Jobs a killed instance left locked are taken back at start and by this, once a minute. */
const UNLOCK_ORPHANED_TASK = 'jobs.unlockOrphaned';

interface CronPayload {
  _cron?: { ts: string };
}

/**
 * Jobs kept in PostgreSQL by graphile-worker (decision 0038). Handlers and schedules are
 * registered while the app is built; `add` works whether or not this instance runs workers,
 * since any instance with workers on takes the job from the table.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, pool, log } = options;
  const tasks: Record<string, Task> = {};
  const cronItems: CronItem[] = [];
  let runner: Runner | null = null;
  let releaseClients = () => {};
  let liveness: PoolLiveness | null = null;

  const unlockOrphaned = async () => {
    const pools = await unlockOrphanedJobs(pool);
    if (pools.length > 0)
      log.warn({ pools }, 'job runner: took back the jobs of stopped instances');
  };

  const requireHandled = (job: JobType) => {
    if (!tasks[job.name]) throw new Error(`Job "${job.name}" has no handler`);
  };

  return {
    handle(job, handler) {
      if (runner) throw new Error('Jobs are registered before the workers start');
      if (tasks[job.name]) throw new Error(`Job "${job.name}" already has a handler`);
      tasks[job.name] = async (raw, helpers) => {
        const { _cron, ...data } = (raw ?? {}) as CronPayload & Record<string, unknown>;
        const { job: row } = helpers;
        const jobLog = log.child({ job: job.name, jobId: row.id });
        await handler(job.payload.parse(data), {
          id: row.id,
          attempt: row.attempts,
          maxAttempts: row.max_attempts,
          scheduledFor: _cron ? new Date(_cron.ts) : null,
          signal: helpers.abortSignal,
          log: jobLog,
        });
      };
    },

    schedule<S extends JobPayloadSchema>(
      job: JobType<S>,
      pattern: string,
      scheduleOptions: ScheduleOptions<S> = {},
    ) {
      if (runner) throw new Error('Jobs are registered before the workers start');
      requireHandled(job);
      const identifier = scheduleOptions.id ?? job.name;
      if (cronItems.some((item) => item.identifier === identifier))
        throw new Error(`Schedule "${identifier}" is registered twice`);
      cronItems.push({
        task: job.name,
        identifier,
        match: chinaTimeMatcher(pattern),
        payload: job.payload.parse(scheduleOptions.payload ?? {}),
        options: { backfillPeriod: scheduleOptions.backfillMs ?? 0, maxAttempts: job.maxAttempts },
      });
    },

    async add(job, payload, addOptions = {}) {
      requireHandled(job);
      const { runAt, delayMs, key, keyMode = 'replace', tx = db } = addOptions;
      if (runAt && delayMs !== undefined) throw new Error('Give runAt or delayMs, not both');
      const when = runAt
        ? sql`${runAt.toISOString()}::timestamptz`
        : delayMs !== undefined
          ? sql`now() + ${delayMs} * interval '1 millisecond'`
          : sql`now()`;
      await tx.execute(sql`
        SELECT ${sql.identifier(JOB_SCHEMA)}.add_job(
          identifier => ${job.name}::text,
          payload => ${JSON.stringify(job.payload.parse(payload))}::json,
          run_at => ${when},
          max_attempts => ${addOptions.maxAttempts ?? job.maxAttempts}::int,
          job_key => ${key ?? null}::text,
          job_key_mode => ${KEY_MODES[keyMode]}::text
        )`);
    },

    async remove(key, removeOptions = {}) {
      const { tx = db } = removeOptions;
      const result = await tx.execute<{ id: string | null }>(
        sql`SELECT (${sql.identifier(JOB_SCHEMA)}.remove_job(${key}::text)).id`,
      );
      return result.rows[0]?.id != null;
    },

    async start() {
      if (runner) return;
      releaseClients = guardClients(pool, log);
      // The pool's liveness lock is taken as the pool is made, before it takes a job.
      const alive = holdPoolLiveness(pool, log);
      liveness = alive;
      let claimed: Promise<void> = Promise.resolve();
      const events: WorkerEvents = new EventEmitter();
      events.on('pool:create', ({ workerPool }) => {
        claimed = alive.claim(workerPool.id);
      });
      try {
        runner = await run({
          pgPool: pool,
          schema: JOB_SCHEMA,
          concurrency: options.concurrency,
          pollInterval: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
          // main.ts owns SIGINT/SIGTERM and closes the app, which stops the workers.
          noHandleSignals: true,
          logger: jobLogger(log),
          events,
          taskList: { ...tasks, [UNLOCK_ORPHANED_TASK]: unlockOrphaned },
          parsedCronItems: parseCronItems([
            ...cronItems,
            { task: UNLOCK_ORPHANED_TASK, identifier: UNLOCK_ORPHANED_TASK, match: '* * * * *' },
          ]),
        });
        await claimed;
        await unlockOrphaned();
      } catch (error) {
        const started = runner as Runner | null;
        runner = null;
        await started?.stop().catch(() => undefined);
        await alive.end();
        liveness = null;
        releaseClients();
        throw error;
      }
    },

    async stop() {
      const stopping = runner;
      runner = null;
      if (!stopping) return;
      await stopping.stop();
      await stopping.promise;
      await liveness?.end();
      liveness = null;
      releaseClients();
    },
  };
}
