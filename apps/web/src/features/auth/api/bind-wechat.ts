import { useMutation } from '@tanstack/react-query';
import { api, type BindInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const bindWechat = (input: BindInput) => apiCall(api.WechatMb.bind, input);

/** Binds this WeChat to an account proven by password or SMS code; returns a token. */
export const useBindWechat = () => useMutation({ mutationFn: bindWechat });
