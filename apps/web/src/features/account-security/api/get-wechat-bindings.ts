import { WechatMb } from '@pcb/contract/wechat';
import { useEndpointQuery } from '../../../lib/api';

/** The WeChat accounts bound to this member, unbound records included. */
export const useWechatBindings = (enabled = true) =>
  useEndpointQuery(WechatMb.GetList, {}, { staleTime: 0, enabled });
