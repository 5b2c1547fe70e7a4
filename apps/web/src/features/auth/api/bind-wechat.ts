import { WechatMb } from '@pcb/contract/wechat';
import { useEndpointMutation } from '../../../lib/api';

/** Binds this WeChat to an account proven by password or SMS code; returns a token. */
export const useBindWechat = () =>
  useEndpointMutation(WechatMb.bind, {
    // Whether this WeChat is bound, and the member's binding list.
    invalidates: [WechatMb.GetByOpenId, WechatMb.GetList],
  });
