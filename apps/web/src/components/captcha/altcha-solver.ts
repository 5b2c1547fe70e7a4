import type { AltchaChallenge } from '@pcb/contract';

let widgetModule: Promise<unknown> | null = null;

/** Starts downloading the ALTCHA widget; only screens with a verification call this. */
export function preloadAltcha(): Promise<unknown> {
  widgetModule ??= import('altcha').catch((error: unknown) => {
    widgetModule = null;
    throw error;
  });
  return widgetModule;
}

/**
 * Solves a proof-of-work challenge with the ALTCHA widget running invisibly: it hashes in Web
 * Workers started from blob URLs (allowed by the CSP's worker-src blob:) and returns the
 * base64 payload that altcha-lib's verifySolution checks on the server.
 */
export async function solveAltcha(
  challenge: AltchaChallenge,
  signal?: AbortSignal,
): Promise<string> {
  if (!window.isSecureContext) throw new Error('人机验证需要在 HTTPS 页面中进行');
  await preloadAltcha();
  signal?.throwIfAborted();

  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', JSON.stringify(challenge));
  widget.setAttribute('auto', 'onload');
  widget.setAttribute('display', 'invisible');
  widget.setAttribute(
    'configuration',
    JSON.stringify({
      // The widget's own delay is for its checkbox animation; our control shows progress.
      minDuration: 0,
      humanInteractionSignature: false,
      hideLogo: true,
      hideFooter: true,
    }),
  );
  widget.hidden = true;

  try {
    return await new Promise<string>((resolve, reject) => {
      widget.addEventListener('verified', (event) => {
        const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
        if (payload) resolve(payload);
        else reject(new Error('人机验证没有返回结果'));
      });
      widget.addEventListener('statechange', (event) => {
        const state = (event as CustomEvent<{ state?: string }>).detail?.state;
        if (state === 'error' || state === 'expired') reject(new Error('人机验证失败，请重试'));
      });
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      document.body.appendChild(widget);
    });
  } finally {
    widget.remove();
  }
}
