import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client';

/** Payloads are JSON objects: what the schema accepts is what is stored and read back. */
export type JobPayloadSchema = z.ZodObject;

/**
 * A kind of job: its name in the job table and the schema of its payload, declared once beside
 * the code that handles it and imported by whoever enqueues it.
 */
export interface JobType<S extends JobPayloadSchema = JobPayloadSchema> {
  /** `<module>.<action>`, e.g. `order.autoCancel`: stable, it is stored with every queued job. */
  readonly name: string;
  readonly payload: S;
  /** Tries before the job is left failed in the table (retries wait e^n seconds, at most ~6 h). */
  readonly maxAttempts: number;
}

const JOB_NAME = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;
const DEFAULT_MAX_ATTEMPTS = 10;

export function defineJob<S extends JobPayloadSchema>(
  name: string,
  payload: S,
  options: { maxAttempts?: number } = {},
): JobType<S> {
  if (!JOB_NAME.test(name)) throw new Error(`Job name "${name}" is not <module>.<action>`);
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 100)
    throw new Error(`Job "${name}": maxAttempts must be 1–100`);
  return { name, payload, maxAttempts };
}

/** What a handler knows about the run it is in. */
export interface JobRun {
  id: string;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  /** For a scheduled job, the minute it was due; null for one that was enqueued. */
  scheduledFor: Date | null;
  /** Aborted when the server stops and the job has not finished within the grace period. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** Runs one job; throwing (or rejecting) fails this try and the job is tried again later. */
export type JobHandler<S extends JobPayloadSchema> = (
  payload: z.output<S>,
  run: JobRun,
) => Promise<void>;

export interface ScheduleOptions<S extends JobPayloadSchema> {
  /** The payload of every scheduled run (default `{}`). */
  payload?: z.input<S>;
  /**
   * After a stop, also run the times missed within this window (e.g. a monthly bill missed
   * while the server was down). Only times after the schedule was first seen count.
   */
  backfillMs?: number;
  /** Names a second schedule of the same job (default: the job's name). */
  id?: string;
}

/** What a module's `jobs` part receives: where it names its handlers and schedules. */
export interface JobRegistry {
  /** One handler per job type, in the whole server. */
  handle<S extends JobPayloadSchema>(job: JobType<S>, handler: JobHandler<S>): void;
  /**
   * Runs the job on a cron pattern (`minute hour day-of-month month day-of-week`) read in China
   * time, once per due minute across all instances sharing the database. The job must be
   * handled first.
   */
  schedule<S extends JobPayloadSchema>(
    job: JobType<S>,
    pattern: string,
    options?: ScheduleOptions<S>,
  ): void;
}

/**
 * What a second `add` with the same key does while the first job waits: `replace` its payload
 * and run time (default), `preserve-run-at` (replace the payload, keep the time), or `dedupe`
 * (keep the first job untouched, also when it failed for good). While the first job runs, a
 * `replace` or `preserve-run-at` add queues a new one.
 */
export type JobKeyMode = 'replace' | 'preserve-run-at' | 'dedupe';

export interface AddJobOptions {
  /** Not before this time (compared with the database's clock). */
  runAt?: Date;
  /** Not before this long after the database's now (an alternative to runAt). */
  delayMs?: number;
  /** At most one waiting job per key (e.g. `order:123:autoCancel`); see keyMode. */
  key?: string;
  keyMode?: JobKeyMode;
  /** Overrides the job type's tries. */
  maxAttempts?: number;
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Executor;
}

/** How services enqueue work (`platform.jobs`); any instance with workers on runs it. */
export interface JobQueue {
  add<S extends JobPayloadSchema>(
    job: JobType<S>,
    payload: z.input<S>,
    options?: AddJobOptions,
  ): Promise<void>;
  /**
   * Takes back the job with this key (an order paid before its auto-cancel); true when there
   * was one. A job already running finishes, but is not tried again.
   */
  remove(key: string, options?: { tx?: Executor }): Promise<boolean>;
}
