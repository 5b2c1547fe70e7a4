import { AppError } from '../../http/errors';
import type { EphemeralStore } from '../../integrations/store/store';
import type { PinHasher } from '../../lib/pin-hash';
import type { MemberService } from '../member/member.module';

export const PAYMENT_PASSWORD_MAX_FAILURES = 5;
export const PAYMENT_PASSWORD_LOCK_MS = 30 * 60_000;
const FAILURE_WINDOW_MS = 24 * 3600_000;

export const PAYMENT_PASSWORD_LOCKED_MESSAGE = '支付密码错误次数过多，请30分钟后再试';

/**
 * Checks the payment password that confirms a balance payment. Each try is reserved in the
 * shared store before the password is checked, so concurrent tries check at most 5; the fifth
 * wrong one locks payments by password for 30 minutes, a right one clears the count. The lock
 * is the count itself, held at 5 for the 30 minutes: every try meanwhile reserves a sixth and
 * is refused unchecked (no lock key of its own to read first: one statement less a payment).
 * Hashes are keyed HMACs (decision 0063); a right try against an argon2 hash written before
 * replaces it.
 */
export function createPaymentPasswordService(deps: {
  members: MemberService;
  store: EphemeralStore;
  hasher: PinHasher;
}) {
  const { store } = deps;
  const failuresKey = (memberId: number) => `paypwd:fail:${memberId}`;
  // Every refusal names the field, so the pay sheet shows it under the password boxes.
  const field = 'paymentPassword';
  const locked = () => new AppError(429, PAYMENT_PASSWORD_LOCKED_MESSAGE, { field });

  return {
    async verify(memberId: number, password: string): Promise<void> {
      // The try is reserved while the hash is read (one round trip of waiting, not two); a
      // member with no password yet spends one, which setting the password lifts.
      const [hash, attempt] = await Promise.all([
        deps.members.paymentPasswordHashOf(memberId),
        store.incr(failuresKey(memberId), FAILURE_WINDOW_MS),
      ]);
      if (!hash) throw new AppError(400, '请先设置支付密码', { field });
      // Concurrent tries took the last ones: this one is not checked.
      if (attempt > PAYMENT_PASSWORD_MAX_FAILURES) throw locked();
      const found = await deps.hasher.check(hash, password);
      if (found !== 'wrong') {
        await store.delete(failuresKey(memberId));
        if (found === 'legacy')
          await deps.members.upgradePaymentPasswordHash(memberId, hash, deps.hasher.hash(password));
        return;
      }
      if (attempt === PAYMENT_PASSWORD_MAX_FAILURES) {
        // The lock: the count stays spent for 30 minutes (an increment keeps a live key's
        // expiry), so every try meanwhile finds it past the limit.
        await store.set(
          failuresKey(memberId),
          String(PAYMENT_PASSWORD_MAX_FAILURES),
          PAYMENT_PASSWORD_LOCK_MS,
        );
        throw locked();
      }
      throw new AppError(
        400,
        `支付密码错误，还可尝试${PAYMENT_PASSWORD_MAX_FAILURES - attempt}次`,
        { field },
      );
    },

    /** The stored form of a new payment password. */
    hash: (password: string): string => deps.hasher.hash(password),

    /** A payment password set anew (proven by an SMS code) lifts a lock. */
    async clearFailures(memberId: number): Promise<void> {
      await store.delete(failuresKey(memberId));
    },
  };
}

export type PaymentPasswordService = ReturnType<typeof createPaymentPasswordService>;
