import { useEffect, useState } from 'react';
import { getWxOpenId } from './storage';
import { acquireOpenIdOnce, isUsableCode, usableStoredOpenId } from './wechat-login';

export type OpenIdAcquisition = 'idle' | 'running' | 'failed';

/** WeChat just sent the member back with an OAuth code to exchange. */
export function hasOAuthCode(search: string = window.location.search): boolean {
  return isUsableCode(new URLSearchParams(search).get('code'));
}

/**
 * The stored WeChat openId, and a way to acquire one (spec section 4) when there is none: that
 * may leave the page for WeChat's authorization page and come back with a code, which is then
 * exchanged when `autoStart` is set.
 */
export function useWechatOpenId(autoStart: boolean) {
  const [openId, setOpenId] = useState(() => usableStoredOpenId(getWxOpenId()));
  const [status, setStatus] = useState<OpenIdAcquisition>(
    openId || !autoStart ? 'idle' : 'running',
  );

  useEffect(() => {
    if (status !== 'running') return;
    let current = true;
    void acquireOpenIdOnce().then((result) => {
      // On the way to WeChat's authorization page: the spinner stays until the page leaves.
      if (!current || result === 'redirecting') return;
      const stored = result ? usableStoredOpenId(getWxOpenId()) : null;
      if (stored) {
        setOpenId(stored);
        setStatus('idle');
      } else setStatus('failed');
    });
    return () => {
      current = false;
    };
  }, [status]);

  return { openId, status, acquire: () => setStatus('running') };
}
