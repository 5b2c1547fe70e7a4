// WeChat's JS-SDK (the official `weixin-js-sdk` package), re-exported from plain JavaScript:
// its own typings redeclare globals (`window.__wxjs_environment: any`) that the app types more
// strictly, so the compiler sees only wechat-sdk.d.ts beside this file.
export { default } from 'weixin-js-sdk';
