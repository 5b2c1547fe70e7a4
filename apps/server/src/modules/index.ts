import { announcementModule } from './announcement/announcement.module';
import { billModule } from './bill/bill.module';
import { bankTransferModule } from './bank-transfer/bank-transfer.module';
import { creditPaymentModule } from './credit-payment/credit-payment.module';
import { companyApplyModule } from './company-apply/company-apply.module';
import { virtualAccountModule } from './virtual-account/virtual-account.module';
import { auditModule } from './audit/audit.module';
import { moduleList } from './app-module';
import { newsModule } from './news/news.module';
import { captchaModule } from './captcha/captcha.module';
import { companyDirectoryModule } from './company-directory/company-directory.module';
import { createExpressModule, type ParcelRecords } from './express/express.module';
import { memberAuthModule } from './member-auth/member-auth.module';
import { memberContactModule } from './member-contact/member-contact.module';
import { memberModule } from './member/member.module';
import { memberGradeModule } from './member-grade/member-grade.module';
import { memberInvoiceModule } from './member-invoice/member-invoice.module';
import { memberMessageModule } from './member-message/member-message.module';
import { memberReceiverModule } from './member-receiver/member-receiver.module';
import { memberRebateModule } from './member-rebate/member-rebate.module';
import { memberPointModule } from './member-point/member-point.module';
import { shopProductModule } from './shop-product/shop-product.module';
import { orderModule } from './order/order.module';
import { paymentModule } from './payment/payment.module';
import { priceSheetModule } from './price-sheet/price-sheet.module';
import { mobileApplyModule } from './mobile-apply/mobile-apply.module';
import { regionModule } from './region/region.module';
import { sandboxModule } from './sandbox/sandbox.module';
import { smsCodeModule } from './sms-code/sms-code.module';
import { staffMemberModule } from './staff-member/staff-member.module';
import { staffModule } from './staff/staff.module';
import { uploadModule } from './upload/upload.module';
import { visitModule } from './visit/visit.module';
import { wechatModule } from './wechat/wechat.module';

/**
 * Every module of the server, in dependency order: a module receives only modules listed
 * above it (the list does not compile otherwise). A new module is one line here (decision 0016).
 */
export const modules = moduleList()
  .add('captcha', captchaModule)
  .add('smsCode', smsCodeModule)
  .add('audit', auditModule)
  .add('staff', staffModule)
  .add('memberGrade', memberGradeModule)
  .add('member', memberModule)
  .add('memberMessage', memberMessageModule)
  .add('memberAuth', memberAuthModule)
  .add('upload', uploadModule)
  .add('mobileApply', mobileApplyModule)
  .add('wechat', wechatModule)
  .add('announcement', announcementModule)
  .add('news', newsModule)
  .add('visit', visitModule)
  .add('sandbox', sandboxModule)
  .add('staffMember', staffMemberModule)
  .add('memberInvoice', memberInvoiceModule)
  .add('region', regionModule)
  .add('memberReceiver', memberReceiverModule)
  .add('companyApply', companyApplyModule)
  .add('virtualAccount', virtualAccountModule)
  .add('memberContact', memberContactModule)
  .add('companyDirectory', companyDirectoryModule)
  .add('priceSheet', priceSheetModule)
  .add('memberRebate', memberRebateModule)
  .add('memberPoint', memberPointModule)
  .add('shopProduct', shopProductModule)
  .add('payment', paymentModule)
  .add('order', orderModule)
  .add(
    'express',
    createExpressModule(({ order }: { order: { parcels: ParcelRecords } }) => order.parcels),
  )
  .add('bankTransfer', bankTransferModule)
  .add('creditPayment', creditPaymentModule)
  .add('bill', billModule);

export type ModuleApis = ReturnType<typeof modules.build>['apis'];
