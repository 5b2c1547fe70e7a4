import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
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

const idleState: AttemptState = { status: 'idle', dto: null, message: '' };

function failureMessage(error: unknown): string {
  return error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message)
    ? error.message
    : '验证失败，请重试';
}

/**
 * State of one human verification: `dto` is the ncVerifyDto to send, `verify` starts it and
 * `renew` must be called after each submit that used `dto`, because the server accepts a
 * solution only once.
 */
export function useHumanVerification() {
  const config = useQuery(captchaConfigQueryOptions());
  const [attempt, setAttempt] = useState<AttemptState>(idleState);
  const running = useRef<AbortController | null>(null);
  const aliyun = useRef<{ refresh: () => void; destroy: () => void } | null>(null);
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = { button: `captcha-button-${baseId}`, element: `captcha-element-${baseId}` };
  const provider = config.data?.provider;

  const verify = useCallback(async () => {
    if (provider !== 'altcha') return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setAttempt({ status: 'verifying', dto: null, message: '' });
    try {
      const challenge = await getAltchaChallenge(controller.signal);
      const token = await solveAltcha(challenge, controller.signal);
      if (controller.signal.aborted) return;
      setAttempt({ status: 'verified', dto: { provider: 'altcha', token }, message: '' });
    } catch (error) {
      if (controller.signal.aborted) return;
      setAttempt({ status: 'error', dto: null, message: failureMessage(error) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, [provider]);

  const renew = useCallback(() => {
    if (provider === 'altcha') {
      // The member already proved intent once; solving again in the background keeps a
      // retry after a wrong password to a single tap on the submit button.
      void verify();
      return;
    }
    aliyun.current?.refresh();
    setAttempt(idleState);
  }, [provider, verify]);

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
        setAttempt({ status: 'verified', dto: { provider: 'aliyun', token }, message: '' }),
      onFail: (message) => setAttempt({ status: 'error', dto: null, message }),
    })
      .then((handle) => {
        if (cancelled) handle.destroy();
        else aliyun.current = handle;
      })
      .catch((error: unknown) => {
        if (!cancelled) setAttempt({ status: 'error', dto: null, message: failureMessage(error) });
      });
    return () => {
      cancelled = true;
      aliyun.current?.destroy();
      aliyun.current = null;
    };
  }, [data, ids.button, ids.element]);

  useEffect(() => () => running.current?.abort(), []);

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
     * the widget is ready by the time they tap, without weighing on the page's first load.
     */
    prepare: () => {
      if (provider === 'altcha') void preloadAltcha().catch(() => undefined);
    },
    dto: attempt.dto,
    message: attempt.message,
    ids,
    verify,
    renew,
    reloadConfig: () => void config.refetch(),
  };
}

export type HumanVerificationState = ReturnType<typeof useHumanVerification>;
