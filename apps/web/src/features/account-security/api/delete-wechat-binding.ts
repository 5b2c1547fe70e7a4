import { WechatMb } from '@pcb/contract/wechat';
import { replaceAccessToken } from '../../../lib/auth-session';
import { useEndpointMutation } from '../../../lib/api';

/** Deletes a binding record. Every other token ends; this session continues with the new one. */
export const useDeleteWechatBinding = () =>
  useEndpointMutation(WechatMb.DeleteBind, {
    // The binding list, and whether the WeChat this page runs in is still bound.
    invalidates: [WechatMb.GetList, WechatMb.GetByOpenId],
    toInput: (id: number) => ({ id }),
    onSuccess: ({ accessToken }) => replaceAccessToken(accessToken),
  });
