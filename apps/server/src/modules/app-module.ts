import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { DefineRoute } from '../http/define-route';
import type { ObjectStorage } from '../integrations/oss/object-storage';
import type { JobRegistry } from '../lib/jobs/job';
import type { Platform } from '../platform';

/** The one transaction the whole demo seed runs in. */
export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeedContext {
  tx: SeedTx;
  agreementVersion: string;
  now: Date;
  /** The platform's derived keys (the demo staff's TOTP secrets are sealed with one). */
  deriveKey: (purpose: string) => Uint8Array;
  /** Where the demo orders' design files are stored (the app's own object storage). */
  storage: ObjectStorage;
}

/** What a module hands back once built. */
export interface ModuleParts<Api> {
  /** What modules listed below may use: views and operations, never secrets or table rows. */
  api?: Api;
  routes?: (route: DefineRoute) => void;
  /**
   * Routes outside the contract, on the app itself: an outside service's callbacks, which come
   * in its own body format and want its own exact reply (a payment provider's notify).
   */
  rawRoutes?: (app: FastifyInstance) => Promise<void>;
  /**
   * Its background work: `jobs.handle(job, handler)` and `jobs.schedule(job, '0 2 * * *')`.
   * Handlers close over what `create` built, as routes do; enqueueing is `platform.jobs.add`.
   */
  jobs?: (jobs: JobRegistry) => void;
}

/**
 * One module's entry. `create` names in its signature the platform pieces and the other
 * modules' APIs it uses, so the dependency graph is read from the signatures; the rest is
 * static, readable before anything is built (the logger exists before the app, the seed runs
 * before it).
 */
export interface AppModule<P, D, Api> {
  /** Log fields holding credentials (`password`, `ncVerifyDto.token`), also one level down. */
  redact?: readonly string[];
  /** Query-string parameters holding credentials, hidden in request logs. */
  redactQuery?: readonly string[];
  /** Demo data of the tables this module owns; idempotent (natural keys, never overwritten). */
  seed?: (ctx: SeedContext) => Promise<void>;
  // A property, not a method: its parameters are then checked strictly, so a module listed
  // above one of its dependencies does not compile.
  create: (platform: P, modules: D) => ModuleParts<Api>;
}

/** Keeps each entry's own types (what it takes, what it gives) for the list to check. */
export const appModule = <P, D, Api>(module: AppModule<P, D, Api>): AppModule<P, D, Api> => module;

interface Built<Apis> {
  apis: Apis;
  registerRoutes: (route: DefineRoute) => void;
  registerRawRoutes: (app: FastifyInstance) => Promise<void>;
  registerJobs: (jobs: JobRegistry) => void;
}

export interface ModuleList<Apis> {
  /** The next module: it may receive any module added before it, and no other. */
  add<K extends string, Api>(
    name: K extends keyof Apis ? never : K,
    module: AppModule<Platform, Apis, Api>,
  ): ModuleList<Apis & { readonly [N in K]: Api }>;
  readonly redact: readonly string[];
  readonly redactQuery: readonly string[];
  readonly seeds: readonly NonNullable<AppModule<unknown, unknown, unknown>['seed']>[];
  /**
   * Builds every module in order; routes are registered once authentication exists, job
   * handlers and schedules into the platform's registry.
   */
  build(platform: Platform): Built<Apis>;
}

type AnyModule = AppModule<Platform, Record<string, unknown>, unknown>;

function list<Apis>(entries: readonly { name: string; module: AnyModule }[]): ModuleList<Apis> {
  const modules = entries.map((e) => e.module);
  return {
    add: (name, module) => list([...entries, { name, module: module as AnyModule }]),
    redact: modules.flatMap((m) => m.redact ?? []),
    redactQuery: modules.flatMap((m) => m.redactQuery ?? []),
    seeds: modules.flatMap((m) => (m.seed ? [m.seed] : [])),
    build(platform) {
      const apis: Record<string, unknown> = {};
      const routes: ((route: DefineRoute) => void)[] = [];
      const rawRoutes: ((app: FastifyInstance) => Promise<void>)[] = [];
      const jobs: ((jobs: JobRegistry) => void)[] = [];
      for (const { name, module } of entries) {
        // A copy: a module keeps only what was built above it.
        const parts = module.create(platform, { ...apis });
        apis[name] = parts.api;
        if (parts.routes) routes.push(parts.routes);
        if (parts.rawRoutes) rawRoutes.push(parts.rawRoutes);
        if (parts.jobs) jobs.push(parts.jobs);
      }
      return {
        apis: apis as Apis,
        registerRoutes: (route) => routes.forEach((register) => register(route)),
        registerRawRoutes: async (app) => {
          for (const register of rawRoutes) await register(app);
        },
        registerJobs: (registry) => jobs.forEach((register) => register(registry)),
      };
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- nothing built yet
export const moduleList = (): ModuleList<{}> => list([]);
