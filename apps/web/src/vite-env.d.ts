/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin (and optional path prefix) of the API; empty means the page's own origin. */
  readonly VITE_API_BASE?: string;
  /** Service hotline shown when the member has no account manager. */
  readonly VITE_SERVICE_HOTLINE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  /** Set by the WeChat JS bridge inside a mini-program web-view. */
  __wxjs_environment?: string;
  /** WeChat's own browser's bridge (JSAPI payments); present once `WeixinJSBridgeReady` fired. */
  WeixinJSBridge?: {
    invoke(
      name: string,
      params: Record<string, string>,
      callback: (result: { err_msg?: string; errMsg?: string; err_desc?: string }) => void,
    ): void;
  };
}
