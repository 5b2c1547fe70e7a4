import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NcVerifyDto } from '@pcb/contract';
import { captchaConfigQueryOptions, getAltchaChallenge } from './captcha-api';
import { preloadAltcha, solveAltcha } from './altcha-solver';
import { initAliyunCaptcha } from './aliyun-captcha';

export type VerificationStatus =
  'loading' | 'unavailable' | 'idle' | 'verifying' | 'verified' | 'error';

interface AttemptState {
  status: 'idle' | 'verifying' | 'verified' | 'error';
  dto: NcVerifyDto | null;
  message: string;
}

/** One run of the ALTCHA solver; `result` settles with the proof, or null if it failed. */
interface Run {
  controller: AbortController;
  result: Promise<NcVerifyDto | null>;
}

const idleState: AttemptState = { status: 'idle', dto: null, message: '' };

/** Shown when a submit needs a verification the member has to do by hand (Aliyun's puzzle). */
export const VERIFY_FIRST_MESSAGE = '请先完成人机验证';

/** What to tell the member when `ensure()` gave no proof. */
export function verificationFailure(error: unknown): string {
  return error instanceof Error && error.message ? error.message : VERIFY_FIRST_MESSAGE;
}

function failureMessage(error: unknown): string {
  return error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message)
    ? error.message
    : '验证失败，请重试';
}

/**
 * State of one human verification. A form's submit calls `ensure()`, which hands back the
 * proof to send: the one already obtained, the one being computed, or a new one it starts, so
 * one tap verifies and submits. `renew` must be called after each submit that used the proof,
 * because the server accepts a solution only once.
 *
 * The proof lives in a ref as well as in state: a submit reads the ref and awaits the running
 * solver, never a value captured by a render that happened before the solver finished (the
 * race that answered "请先完成人机验证" right after the check had passed).
 */
export function useHumanVerification() {
  const config = useQuery(captchaConfigQueryOptions());
  const [attempt, setAttempt] = useState<AttemptState>(idleState);
  const queryClient = useQueryClient();
  const proof = useRef<NcVerifyDto | null>(null);
  const lastFailure = useRef('验证失败，请重试');
  const running = useRef<Run | null>(null);
  const aliyun = useRef<{ refresh: () => void; destroy: () => void } | null>(null);
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = { button: `captcha-button-${baseId}`, element: `captcha-element-${baseId}` };
  const provider = config.data?.provider;

  const settle = useCallback((next: AttemptState) => {
    proof.current = next.dto;
    if (next.status === 'error') lastFailure.current = next.message;
    setAttempt(next);
  }, []);

  const start = useCallback((): Run => {
    running.current?.controller.abort();
    const controller = new AbortController();
    settle({ status: 'verifying', dto: null, message: '' });
    const result = (async (): Promise<NcVerifyDto | null> => {
      try {
        const challenge = await getAltchaChallenge(controller.signal);
        const token = await solveAltcha(challenge, controller.signal);
        if (controller.signal.aborted) return null;
        const dto: NcVerifyDto = { provider: 'altcha', token };
        settle({ status: 'verified', dto, message: '' });
        return dto;
      } catch (error) {
        if (!controller.signal.aborted) {
          settle({ status: 'error', dto: null, message: failureMessage(error) });
        }
        return null;
      } finally {
        if (running.current?.controller === controller) running.current = null;
      }
    })();
    const run = { controller, result };
    running.current = run;
    return run;
  }, [settle]);

  const verify = useCallback(async (): Promise<void> => {
    if (provider === 'altcha') await start().result;
  }, [provider, start]);

  /** The proof to send; rejects with a message for the member when there is none. */
  const ensure = useCallback(async (): Promise<NcVerifyDto> => {
    if (proof.current) return proof.current;
    // A tap that comes before the provider is known waits for it.
    const current =
      provider ??
      (await queryClient.ensureQueryData(captchaConfigQueryOptions()).then(
        (loaded) => loaded.provider,
        () => undefined,
      ));
    if (!current) throw new Error('人机验证加载失败，请重试');
    // Aliyun's puzzle opens only from the member's tap on its control.
    if (current !== 'altcha') throw new Error(VERIFY_FIRST_MESSAGE);
    let run = running.current ?? start();
    for (;;) {
      const dto = await run.result;
      if (dto) return dto;
      // Superseded by a newer run (a renew after the last submit): that one decides.
      const next = running.current;
      if (!next || next === run) throw new Error(lastFailure.current);
      run = next;
    }
  }, [provider, queryClient, start]);

  const renew = useCallback(() => {
    proof.current = null;
    if (provider === 'altcha') {
      // The member already proved intent once; solving again in the background keeps a
      // retry after a wrong password to a single tap on the submit button.
      start();
      return;
    }
    aliyun.current?.refresh();
    settle(idleState);
  }, [provider, start, settle]);

  const { data } = config;
  useEffect(() => {
    if (data?.provider !== 'aliyun') return;
    let cancelled = false;
    initAliyunCaptcha({
      sceneId: data.sceneId,
      prefix: data.prefix,
      region: data.region,
      element: `#${ids.element}`,
      button: `#${ids.button}`,
      onSuccess: (token) =>
        settle({ status: 'verified', dto: { provider: 'aliyun', token }, message: '' }),
      onFail: (message) => settle({ status: 'error', dto: null, message }),
    })
      .then((handle) => {
        if (cancelled) handle.destroy();
        else aliyun.current = handle;
      })
      .catch((error: unknown) => {
        if (!cancelled) settle({ status: 'error', dto: null, message: failureMessage(error) });
      });
    return () => {
      cancelled = true;
      aliyun.current?.destroy();
      aliyun.current = null;
    };
  }, [data, ids.button, ids.element, settle]);

  useEffect(() => () => running.current?.controller.abort(), []);

  const status: VerificationStatus = config.isPending
    ? 'loading'
    : config.isError
      ? 'unavailable'
      : attempt.status;

  return {
    status,
    provider,
    /**
     * Starts downloading the solver. Called when the member starts filling in the form, so
     * it is ready by the time they tap, without weighing on the page's first load.
     */
    prepare: () => {
      if (provider === 'altcha') void preloadAltcha().catch(() => undefined);
    },
    dto: attempt.dto,
    message: attempt.message,
    ids,
    verify,
    ensure,
    renew,
    reloadConfig: () => void config.refetch(),
  };
}

export type HumanVerificationState = ReturnType<typeof useHumanVerification>;
