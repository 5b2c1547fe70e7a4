import { z } from 'zod';
import { staffRoles, type StaffRole } from '../define';

export const staffRoleSchema = z.enum(staffRoles);

/** How the console names each role (product decisions §5). */
export const staffRoleNames: Record<StaffRole, string> = {
  admin: '管理员',
  sales: '业务员',
  engineer: '工程师',
  production: '生产',
  finance: '财务',
  content: '运营',
};

/** Roles whose accounts must log in with a second factor. */
export const TOTP_REQUIRED_ROLES: readonly StaffRole[] = ['admin', 'finance'];

/** Every role: calls any logged-in staff member may make (their own session, password). */
export const ANY_STAFF: readonly [StaffRole, ...StaffRole[]] = [...staffRoles];

export const staffStatuses = ['active', 'disabled'] as const;

/** The logged-in staff member as the console shows them. */
export const staffProfileSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  roles: z.array(staffRoleSchema),
  totpEnabled: z.boolean(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/**
 * A started staff session. The session itself is an HttpOnly cookie; every later call sends
 * `csrfToken` back in the `X-CSRF-Token` header (decision in the console issue).
 */
export const staffSessionSchema = z.object({
  staff: staffProfileSchema,
  csrfToken: z.string(),
  /** The session ends after this many seconds without a call. */
  idleTimeoutSeconds: z.number().int(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** Who did something, in lists (audit log, decisions). */
export const staffRefSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string(),
});
export type StaffRef = z.infer<typeof staffRefSchema>;

/** A member as a staff list names them: real name, else user name, else masked mobile. */
export const memberRefSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
});
export type MemberRef = z.infer<typeof memberRefSchema>;
