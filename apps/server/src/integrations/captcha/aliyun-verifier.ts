import { callAliyunRpc, type AliyunRpcCredentials } from '../aliyun/rpc-client';
import type { HumanVerifier } from './captcha';

export interface AliyunCaptchaConfig extends AliyunRpcCredentials {
  sceneId: string;
  prefix: string;
  region: string;
}

/**
 * Aliyun captcha 2.0: the widget on the page yields `captchaVerifyParam`, checked here with
 * VerifyIntelligentCaptcha (version 2023-03-05). Aliyun accepts each param once itself.
 * A failed call counts as not verified: a broken captcha must not open login to scripts.
 */
export function createAliyunVerifier(
  config: AliyunCaptchaConfig,
  onError: (error: unknown) => void,
): HumanVerifier {
  return {
    provider: 'aliyun',
    publicConfig: () => ({
      provider: 'aliyun',
      sceneId: config.sceneId,
      prefix: config.prefix,
      region: config.region,
    }),
    async verify(dto) {
      if (dto.provider !== 'aliyun') return false;
      try {
        const body = await callAliyunRpc(config, {
          action: 'VerifyIntelligentCaptcha',
          version: '2023-03-05',
          params: { CaptchaVerifyParam: dto.token, SceneId: config.sceneId },
        });
        const result = body.Result as { VerifyResult?: unknown } | undefined;
        return result?.VerifyResult === true;
      } catch (error) {
        onError(error);
        return false;
      }
    },
  };
}
