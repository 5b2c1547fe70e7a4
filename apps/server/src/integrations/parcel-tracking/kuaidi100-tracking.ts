import { createHash } from 'node:crypto';
import type { ParcelState } from '@pcb/contract';
import type { Courier } from '@pcb/pricing';
import {
  newestFirst,
  ParcelTrackingError,
  type ParcelTracking,
  type TrackedEvent,
} from './parcel-tracking';

export interface Kuaidi100Config {
  /** The account's company number (`customer`). */
  customer: string;
  /** The account's authorisation key: only ever inside the signature. */
  key: string;
  /** https://poll.kuaidi100.com/poll/query.do by default. */
  endpoint: string;
  timeoutMs?: number;
}

/** Our couriers by Kuaidi100's company codes (its 快递公司编码表). */
export const kuaidi100Codes: Record<Courier, string> = {
  sf: 'shunfeng',
  jd: 'jd',
  zto: 'zhongtong',
  yto: 'yuantong',
  yunda: 'yunda',
  deppon: 'debangkuaidi',
  ems: 'ems',
};

/** `sign`: MD5 of param + key + customer, 32 upper-case hex digits. */
export const kuaidi100Sign = (param: string, key: string, customer: string): string =>
  createHash('md5')
    .update(param + key + customer, 'utf8')
    .digest('hex')
    .toUpperCase();

/**
 * Kuaidi100's `state`: 0 在途, 1 揽收, 2 疑难, 3 签收, 4 退签, 5 派件, 6 退回, 7 转投,
 * 8 and 10–12 customs (12 cleared: on its way again), 13 清关异常, 14 拒签. Its detailed codes
 * fold into their family: 1001–1003 are 在途, three digits are the first digit's (101 揽收…).
 */
const STATES: Record<number, ParcelState> = {
  0: 'inTransit',
  1: 'collected',
  2: 'problem',
  3: 'delivered',
  4: 'returned',
  5: 'delivering',
  6: 'returning',
  7: 'inTransit',
  8: 'customs',
  10: 'customs',
  11: 'customs',
  12: 'inTransit',
  13: 'problem',
  14: 'refused',
};

export function kuaidi100State(raw: unknown): ParcelState {
  const code = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isInteger(code) || code < 0) return 'unknown';
  if (code >= 1000) return code < 1100 ? 'inTransit' : 'unknown';
  return STATES[code] ?? STATES[code >= 100 ? Math.floor(code / 100) : -1] ?? 'unknown';
}

const CHINA_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `2026-11-24 08:30:00` is China time. */
function chinaTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = CHINA_TIME.exec(value.trim());
  if (!m) return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

interface Answer {
  result?: boolean;
  returnCode?: string | number;
  message?: string;
  state?: string | number;
  data?: unknown;
}

/** Its answer for a number it has no track of yet (查询无结果，请隔段时间再查). */
const NO_RESULT = '500';

/**
 * Kuaidi100's real-time query (实时快递查询): `POST {endpoint}` with the form fields
 * `customer`, `param` (JSON: com, num, phone, resultv2, show, order) and `sign`. A failure is a
 * ParcelTrackingError whose message never holds the key or the customer number.
 */
export function createKuaidi100Tracking(
  config: Kuaidi100Config,
  fetchImpl: typeof fetch = fetch,
): ParcelTracking {
  return {
    provider: 'kuaidi100',
    async query({ courier, trackingNo, mobile }) {
      const param = JSON.stringify({
        com: kuaidi100Codes[courier],
        num: trackingNo,
        ...(mobile ? { phone: mobile } : {}),
        resultv2: '1',
        show: '0',
        order: 'desc',
      });
      const body = new URLSearchParams({
        customer: config.customer,
        sign: kuaidi100Sign(param, config.key, config.customer),
        param,
      });
      let answer: Answer;
      try {
        const res = await fetchImpl(config.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(config.timeoutMs ?? 5000),
        });
        if (!res.ok) throw new ParcelTrackingError(`Kuaidi100 answered HTTP ${res.status}`);
        answer = (await res.json()) as Answer;
      } catch (error) {
        if (error instanceof ParcelTrackingError) throw error;
        throw new ParcelTrackingError('Kuaidi100 query call failed', { cause: error });
      }
      if (typeof answer !== 'object' || answer === null) {
        throw new ParcelTrackingError('Kuaidi100 answered something else than an object');
      }
      if (
        answer.result === false ||
        (answer.returnCode !== undefined && !Array.isArray(answer.data))
      ) {
        if (String(answer.returnCode) === NO_RESULT) return { state: 'unknown', events: [] };
        throw new ParcelTrackingError(
          `Kuaidi100 refused the query: ${String(answer.returnCode ?? '')} ${answer.message ?? ''}`.trim(),
        );
      }
      if (!Array.isArray(answer.data)) {
        throw new ParcelTrackingError('Kuaidi100 answered without a track');
      }
      const events: TrackedEvent[] = answer.data.flatMap((item: unknown) => {
        if (typeof item !== 'object' || item === null) return [];
        const step = item as Record<string, unknown>;
        const time = chinaTime(step.ftime) ?? chinaTime(step.time);
        const text = nonEmpty(step.context);
        if (!time || !text) return [];
        return [{ time, place: nonEmpty(step.location) ?? nonEmpty(step.areaName), text }];
      });
      return {
        state: events.length > 0 ? kuaidi100State(answer.state) : 'unknown',
        events: newestFirst(events),
      };
    },
  };
}
