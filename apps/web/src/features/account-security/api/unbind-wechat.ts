import { WechatMb } from '@pcb/contract/wechat';
import { replaceAccessToken } from '../../../lib/auth-session';
import { useEndpointMutation } from '../../../lib/api';

/**
 * Unbinds a WeChat (the record stays). Every other token ends; this session continues with
 * the one returned.
 */
export const useUnbindWechat = () =>
  useEndpointMutation(WechatMb.Unbind, {
    // The binding list, and whether the WeChat this page runs in is still bound.
    invalidates: [WechatMb.GetList, WechatMb.GetByOpenId],
    toInput: (id: number) => ({ id }),
    onSuccess: ({ accessToken }) => replaceAccessToken(accessToken),
  });
