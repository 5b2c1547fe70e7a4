import type { Relation } from '@pcb/contract';

/** The line under a related member's name: masked mobile and company, without repeating the name. */
export function memberDetails(member: Relation['member']): string {
  const parts = [member.mobileMasked, member.companyName?.trim()];
  return parts.filter((p) => p && p !== member.displayName).join(' · ');
}
