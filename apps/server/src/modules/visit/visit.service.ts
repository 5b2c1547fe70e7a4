import type { VisitInput } from '@pcb/contract';
import { AppError, messages } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { EphemeralStore } from '../../integrations/store/store';
import type { VisitRepository } from './visit.repository';

export const VISITS_PER_IP_PER_MINUTE = 30;

/** Any of the formats N, D, B, P → 32 lowercase hex digits (format N). */
export function normaliseGuid(guid: string): string {
  return guid.replace(/[^0-9a-f]/gi, '').toLowerCase();
}

export function createVisitService(deps: {
  repository: VisitRepository;
  store: EphemeralStore;
  now: Clock;
}) {
  return {
    async record(input: {
      visit: Pick<VisitInput, 'FirstHref' | 'GUID' | 'bd_vid' | 'from'>;
      ip: string;
      userAgent: string | undefined;
      memberId: number | null;
    }): Promise<{ GUID: string }> {
      const count = await deps.store.incr(`visit:ip:${input.ip}`, 60_000);
      if (count > VISITS_PER_IP_PER_MINUTE) throw new AppError(429, messages.tooManyRequests);
      const guid = normaliseGuid(input.visit.GUID);
      await deps.repository.insertOnce({
        guid,
        firstHref: input.visit.FirstHref,
        bdVid: input.visit.bd_vid ?? null,
        from: input.visit.from ?? null,
        userAgent: input.userAgent?.slice(0, 1024) ?? null,
        ip: input.ip,
        memberId: input.memberId,
        createdAt: deps.now(),
      });
      return { GUID: guid };
    },
  };
}

export type VisitService = ReturnType<typeof createVisitService>;
