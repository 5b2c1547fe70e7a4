import { WechatConfig } from '@pcb/contract/wechat';
import { useEndpointQuery } from '../../../lib/api';

/** The official account's QR code for this member: following it leads to binding in WeChat. */
export const useOfficialAccountQrCode = (enabled: boolean) =>
  // The code carries this member and expires: a fresh one each time the page opens.
  useEndpointQuery(WechatConfig.GetOfficialAccountQrCodeUrl, {}, { staleTime: 0, enabled });
