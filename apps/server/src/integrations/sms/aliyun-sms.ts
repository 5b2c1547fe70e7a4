import { AliyunRpcError, callAliyunRpc, type AliyunRpcCredentials } from '../aliyun/rpc-client';
import { SmsSendError, type SmsKind, type SmsSender } from './sms';

export interface AliyunSmsConfig extends AliyunRpcCredentials {
  signName: string;
  templateCode: string;
  registeredTemplateCode: string;
  relationTemplateCode: string;
  /** Optional: without it the mobile-changed notice fails (and is logged), nothing else. */
  mobileChangedTemplateCode?: string;
}

/** Aliyun SMS (dysmsapi SendSms, version 2017-05-25). */
export function createAliyunSms(config: AliyunSmsConfig): SmsSender {
  const templates: Record<SmsKind, string> = {
    verificationCode: config.templateCode,
    alreadyRegistered: config.registeredTemplateCode,
    relationRequest: config.relationTemplateCode,
    mobileChanged: config.mobileChangedTemplateCode ?? '',
  };
  return {
    provider: 'aliyun',
    async send(message) {
      if (!templates[message.kind]) {
        throw new SmsSendError(`Aliyun SendSms: no template for ${message.kind}`);
      }
      let body: Record<string, unknown>;
      try {
        body = await callAliyunRpc(config, {
          action: 'SendSms',
          version: '2017-05-25',
          params: {
            PhoneNumbers: message.mobile,
            SignName: config.signName,
            TemplateCode: templates[message.kind],
            TemplateParam: JSON.stringify(message.params),
          },
        });
      } catch (error) {
        const reason = error instanceof AliyunRpcError ? error.message : 'request failed';
        throw new SmsSendError(`Aliyun SendSms failed: ${reason}`, { cause: error });
      }
      if (body.Code !== 'OK') {
        throw new SmsSendError(
          `Aliyun SendSms refused: ${String(body.Code)} ${String(body.Message)}`,
        );
      }
    },
  };
}
