import type { AccountManager } from '@pcb/contract';
import { env } from '../../lib/env';
import defaultAvatar from '../../assets/default-avatar.svg';

export const DEFAULT_QQ = '800000000';
export const DEFAULT_CONTACT_NAME = '在线客服';
export { defaultAvatar };

export type ConsultingInfo = AccountManager;

/**
 * What the panel shows. Each empty field falls back on its own, so a manager without a photo
 * still shows their name and number (spec: missing or empty info uses built-in defaults).
 */
export function resolveConsultingInfo(manager: AccountManager | null | undefined): ConsultingInfo {
  const pick = (value: string | undefined, fallback: string) => value?.trim() || fallback;
  return {
    qq: pick(manager?.qq, DEFAULT_QQ),
    mobile: pick(manager?.mobile, env.serviceHotline),
    pic: pick(manager?.pic, defaultAvatar),
    realName: pick(manager?.realName, DEFAULT_CONTACT_NAME),
  };
}

/** A tel: link keeps only what a dialler understands. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
