import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StaffRole } from '@pcb/contract';
import { hashPassword } from '../../lib/password';
import type { SeedContext, SeedTx } from '../app-module';
import { staffAccount } from './staff.table';
import { createTotp } from './totp';

export const DEMO_STAFF_PASSWORD = 'Staff@2026';
/** Fixed only for the demo, so the README can print them: production never seeds. */
export const DEMO_TOTP_SECRETS = {
  admin: 'PCBDEMOADMINSECRET234567ABCDEFGH',
  finance: 'PCBDEMOFINANCESECRET234567ABCDEF',
} as const;

/** One account per role; the three account managers are the sales staff (陈晓静 is `sales`). */
export const DEMO_STAFF: readonly {
  userName: string;
  realName: string;
  roles: StaffRole[];
  totpSecret?: string;
}[] = [
  {
    userName: 'admin',
    realName: '系统管理员',
    roles: ['admin'],
    totpSecret: DEMO_TOTP_SECRETS.admin,
  },
  { userName: 'sales', realName: '陈晓静', roles: ['sales'] },
  { userName: 'sales2', realName: '王志强', roles: ['sales'] },
  { userName: 'sales3', realName: '李思雨', roles: ['sales'] },
  { userName: 'engineer', realName: '赵工', roles: ['engineer'] },
  { userName: 'production', realName: '孙师傅', roles: ['production'] },
  {
    userName: 'finance',
    realName: '周会计',
    roles: ['finance'],
    totpSecret: DEMO_TOTP_SECRETS.finance,
  },
  { userName: 'content', realName: '吴运营', roles: ['content'] },
];

/**
 * Who the demo factory acts as (decision 0048): the log and the audit name it, it never logs
 * in (disabled, with a password nobody knows).
 */
export const DEMO_FACTORY_STAFF = {
  userName: 'demo-factory',
  realName: '演示工厂',
  roles: ['engineer', 'finance', 'production', 'sales'],
} as const satisfies { userName: string; realName: string; roles: readonly StaffRole[] };

/** The demo staff, matched on user name and never overwritten. */
export async function seedStaff({ tx, deriveKey }: SeedContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  await tx
    .insert(staffAccount)
    .values({
      userName: DEMO_FACTORY_STAFF.userName,
      realName: DEMO_FACTORY_STAFF.realName,
      roles: [...DEMO_FACTORY_STAFF.roles],
      status: 'disabled',
      passwordHash: await hashPassword(randomBytes(32).toString('base64')),
    })
    .onConflictDoNothing({ target: staffAccount.userName });
  const totp = createTotp(deriveKey('staff-totp-secret'));
  for (const s of DEMO_STAFF) {
    await tx
      .insert(staffAccount)
      .values({
        userName: s.userName,
        realName: s.realName,
        roles: s.roles,
        passwordHash,
        totpSecret: s.totpSecret ? totp.seal(s.totpSecret) : null,
        totpEnabled: s.totpSecret !== undefined,
      })
      .onConflictDoNothing({ target: staffAccount.userName });
  }
}

/** For other modules' seeds (the account managers who are sales staff). */
export async function staffIdByUserName(tx: SeedTx, userName: string): Promise<number | null> {
  return (await staffActorByUserName(tx, userName))?.id ?? null;
}

/** For other modules' seeds: a staff account as an actor (the demo factory's). */
export async function staffActorByUserName(
  tx: SeedTx,
  userName: string,
): Promise<StaffActor | null> {
  const [row] = await tx
    .select({
      id: staffAccount.id,
      userName: staffAccount.userName,
      realName: staffAccount.realName,
      roles: staffAccount.roles,
    })
    .from(staffAccount)
    .where(eq(staffAccount.userName, userName));
  return row ?? null;
}

/** A staff account as the one who acts in a write outside a request. */
export interface StaffActor {
  id: number;
  userName: string;
  realName: string;
  roles: StaffRole[];
}
