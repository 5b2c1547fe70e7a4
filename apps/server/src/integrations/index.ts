import { alipayIntegration } from './alipay/alipay.integration';
import { captchaIntegration } from './captcha/captcha.integration';
import { companyDirectoryIntegration } from './company-directory/company-directory.integration';
import { integrationList } from './integration';
import { invoiceMailIntegration } from './invoice-mail/invoice-mail.integration';
import { ossIntegration } from './oss/oss.integration';
import { parcelTrackingIntegration } from './parcel-tracking/parcel-tracking.integration';
import { paymentsIntegration } from './payment/payment.integration';
import { smsIntegration } from './sms/sms.integration';
import { wechatPayIntegration } from './wechat-pay/wechat-pay.integration';
import { wechatIntegration } from './wechat/wechat.integration';

/**
 * Every outside service of the server. Each name is its settings' key in the configuration
 * (`config.sms`); its platform fields (`platform.sms`, `platform.smsOutbox`) are what its
 * declaration provides. An integration receives only platform fields listed above it (the list
 * does not compile otherwise). A new provider is its folder and one line here (decision 0050).
 */
export const integrations = integrationList()
  .add('captcha', captchaIntegration)
  .add('sms', smsIntegration)
  .add('wechat', wechatIntegration)
  .add('oss', ossIntegration)
  .add('companyDirectory', companyDirectoryIntegration)
  .add('parcelTracking', parcelTrackingIntegration)
  .add('alipay', alipayIntegration)
  .add('wechatPay', wechatPayIntegration)
  .add('payments', paymentsIntegration)
  .add('invoiceMail', invoiceMailIntegration);
