import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const officialAccountQrCodeQueryOptions = () =>
  queryOptions({
    queryKey: ['WechatConfig', 'GetOfficialAccountQrCodeUrl'],
    queryFn: ({ signal }) => apiCall(api.WechatConfig.GetOfficialAccountQrCodeUrl, {}, { signal }),
    // The code carries this member and expires: a fresh one each time the page opens.
    staleTime: 0,
  });

/** The official account's QR code for this member: following it leads to binding in WeChat. */
export const useOfficialAccountQrCode = (enabled: boolean) =>
  useQuery({ ...officialAccountQrCodeQueryOptions(), enabled });
