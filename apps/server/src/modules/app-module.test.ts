import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobHandler, type JobRegistry, type JobRun } from '../lib/jobs/job';
import type { Platform } from '../platform';
import { appModule, moduleList } from './app-module';

const tickJob = defineJob('counter.tick', z.object({ by: z.number().int() }));

describe('a module entry’s jobs part', () => {
  it('registers handlers that use what the module built, and its schedules', async () => {
    const counter = appModule({
      create: () => {
        let total = 0;
        const service = { add: (n: number) => (total += n), total: () => total };
        return {
          api: service,
          jobs: (jobs: JobRegistry) => {
            jobs.handle(tickJob, async ({ by }) => void service.add(by));
            jobs.schedule(tickJob, '*/5 * * * *', { payload: { by: 1 } });
          },
        };
      },
    });
    const quiet = appModule({ create: () => ({ api: {} }) });
    const built = moduleList()
      .add('quiet', quiet)
      .add('counter', counter)
      .build({} as Platform);

    const handlers = new Map<string, JobHandler<typeof tickJob.payload>>();
    const schedules: [string, string, unknown][] = [];
    built.registerJobs({
      handle: (job, handler) => void handlers.set(job.name, handler as never),
      schedule: (job, pattern, options) => void schedules.push([job.name, pattern, options]),
    });

    expect(schedules).toEqual([['counter.tick', '*/5 * * * *', { payload: { by: 1 } }]]);
    await handlers.get('counter.tick')!({ by: 3 }, {} as JobRun);
    expect(built.apis.counter.total()).toBe(3);
  });
});
