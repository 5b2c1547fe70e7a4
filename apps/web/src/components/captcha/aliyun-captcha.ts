const SCRIPT_URL = 'https://o.alicdn.com/captcha-frontend/aliyunCaptcha/AliyunCaptcha.js';

export interface AliyunCaptchaOptions {
  sceneId: string;
  prefix: string;
  region: string;
  /** Selector of the element the popup is attached to. */
  element: string;
  /** Selector of the control that opens the popup. */
  button: string;
  onSuccess: (captchaVerifyParam: string) => void;
  onFail: (message: string) => void;
}

interface AliyunCaptchaInstance {
  refresh?: () => void;
  destroyCaptcha?: () => void;
}

declare global {
  interface Window {
    AliyunCaptchaConfig?: { region: string; prefix: string };
    initAliyunCaptcha?: (options: Record<string, unknown>) => void;
  }
}

let scriptLoad: Promise<void> | null = null;

function loadScript(): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoad = null;
      reject(new Error('人机验证组件加载失败'));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

/**
 * Aliyun Captcha 2.0 in popup mode: tapping `button` opens Aliyun's puzzle, whose
 * captchaVerifyParam the server checks with VerifyIntelligentCaptcha. The production CSP
 * must allow Aliyun's hosts when this provider is configured.
 */
export async function initAliyunCaptcha(options: AliyunCaptchaOptions) {
  window.AliyunCaptchaConfig = { region: options.region, prefix: options.prefix };
  await loadScript();
  if (!window.initAliyunCaptcha) throw new Error('人机验证组件加载失败');
  let instance: AliyunCaptchaInstance | null = null;
  window.initAliyunCaptcha({
    SceneId: options.sceneId,
    prefix: options.prefix,
    mode: 'popup',
    element: options.element,
    button: options.button,
    language: 'cn',
    success: (captchaVerifyParam: string) => options.onSuccess(captchaVerifyParam),
    fail: () => options.onFail('验证未通过，请重试'),
    getInstance: (created: AliyunCaptchaInstance) => {
      instance = created;
    },
  });
  return {
    refresh: () => instance?.refresh?.(),
    destroy: () => instance?.destroyCaptcha?.(),
  };
}
