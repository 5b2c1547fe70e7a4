import { WechatMb } from '@pcb/contract/wechat';
import { apiCall, useEndpointQuery } from './api';

/** Whether an account is bound to this sealed openId (WechatMb/GetByOpenId). */
export const getOpenIdBinding = (openId: string, signal?: AbortSignal) =>
  apiCall(WechatMb.GetByOpenId, { openId }, { signal });

/** Whether this WeChat is bound yet, and the bound account's masked mobile. */
export const useOpenIdBinding = (openId: string | null) =>
  useEndpointQuery(
    WechatMb.GetByOpenId,
    { openId: openId ?? '' },
    { staleTime: 0, enabled: openId !== null },
  );
