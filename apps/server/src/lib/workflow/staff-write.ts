import type { Executor, Tx } from '../../db/client';
import type { AuthStaff } from '../../http/auth';
import type { StaffWrite } from '../../http/define-route';

/** Who acts in a staff write outside a request (the demo factory's account). */
export interface StaffActorRef {
  id: number;
  userName: string;
  realName: string;
  roles: AuthStaff['roles'];
}

/** One audit row as the audit module writes it (`AuditApi['record']`). */
export type RecordAudit = (
  ex: Executor,
  record: {
    actor: { id: number; userName: string; realName: string };
    action: string;
    objectType: string;
    objectId: string | number | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    ip: string;
  },
) => Promise<void>;

/**
 * A staff write made by code rather than a request (a job, the demo seed): the same services
 * run with it, and like define-route's it audits every change in the transaction of the change
 * (decision 0021) — `finish()` refuses a write that recorded nothing, which rolls it back.
 * `action` is the endpoint's `Module.Action` the change would have come through; `origin`
 * stands where a request's address would (`job:order.demoStep`).
 */
export function staffWriteIn(
  tx: Tx,
  options: {
    actor: StaffActorRef;
    action: string;
    origin: string;
    record: RecordAudit;
    /**
     * Where work after the commit goes (the demo seed drops an issued invoice's mail: nobody
     * reads its example.com address); without it such work is refused.
     */
    afterCommit?: StaffWrite['afterCommit'];
  },
): { write: StaffWrite; finish: () => void } {
  const { actor, action, origin, record } = options;
  let audited = 0;
  const staff: AuthStaff = {
    ...actor,
    totpEnabled: false,
    // No session: nothing here logs out or checks a CSRF token.
    sessionKey: '',
    csrfToken: '',
  };
  const write: StaffWrite = {
    staff,
    tx,
    audit: async (objectType, objectId, before, after) => {
      audited++;
      await record(tx, {
        actor: { id: actor.id, userName: actor.userName, realName: actor.realName },
        action,
        objectType,
        objectId,
        before,
        after,
        ip: origin,
      });
    },
    afterCommit:
      options.afterCommit ??
      (() => {
        throw new Error(`${action}: a staff write outside a request has no work after its commit`);
      }),
  };
  return {
    write,
    finish: () => {
      if (audited === 0) throw new Error(`${action}: a staff write recorded no audit row`);
    },
  };
}
