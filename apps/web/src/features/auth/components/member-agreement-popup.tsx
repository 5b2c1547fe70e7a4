import { Button, Popup } from 'antd-mobile';
import { CloseIcon } from '../../../components/icons';
import './member-agreement.css';

const sections: { heading: string; paragraphs: string[] }[] = [
  {
    heading: '一、协议的接受',
    paragraphs: [
      '欢迎注册成为本平台会员。本平台为个人及企业客户提供印制电路板（PCB）打样与批量生产、SMT 贴片加工、钢网制作等服务。您在注册、激活或登录时勾选同意本协议，即表示您已阅读、理解并接受本协议的全部内容。',
    ],
  },
  {
    heading: '二、账号注册与安全',
    paragraphs: [
      '您应使用本人实名的中国大陆手机号注册，并保证所填写的联系人、公司、收货及开票信息真实、准确、完整；信息变更时应及时更新。',
      '账号及密码由您自行保管。通过您的账号进行的下单、支付、确认生产稿、回复工程问题（EQ）等操作均视为您本人的行为。如发现账号被盗用，请立即修改密码并联系客服。',
    ],
  },
  {
    heading: '三、订单、生产文件与工程确认',
    paragraphs: [
      '在线计价结果仅供参考，最终价格以工程师审核后的报价为准；审核后价格有变动的，订单需经您确认后方可继续。',
      '您应保证上传的 Gerber、BOM、坐标等生产文件完整、准确，并对其拥有合法权利。因文件错误、参数选择错误或未及时回复工程问题造成的延误、报废或损失，由您自行承担。',
      '订单进入生产后，因属定制产品，原则上不支持取消；确需取消的，已产生的材料及加工费用将按实际发生额扣除。',
    ],
  },
  {
    heading: '四、费用、支付与发票',
    paragraphs: [
      '您可以使用账户余额、月结额度或在线支付方式付款。余额仅限本平台消费，不计利息；月结额度须经审核开通并按时还款。',
      '优惠券、返利和积分须在有效期内按规则使用，不可兑换现金；以优惠券抵扣的金额不开具发票。发票按实际支付金额，依据您提交的开票信息开具。',
    ],
  },
  {
    heading: '五、交付与售后',
    paragraphs: [
      '交期自订单审核通过并付款后起算，遇不可抗力或物流原因顺延。请在签收后 7 日内验收，如发现质量问题，请保留实物并通过客服提交售后申请，经确认属于我方责任的，我方将免费返工或重做。',
    ],
  },
  {
    heading: '六、个人信息与保密',
    paragraphs: [
      '我们仅为提供服务所必需的目的收集和使用您的个人信息，并依法采取安全措施加以保护。您上传的设计文件仅用于生产您的订单，未经您的同意，不会向任何第三方披露。',
    ],
  },
  {
    heading: '七、协议的变更与终止',
    paragraphs: [
      '本协议内容更新时，我们将在页面中公示；您继续使用本平台服务的，视为接受更新后的协议。您违反本协议或法律法规的，我们有权暂停或终止为您提供服务。',
      '本协议适用中华人民共和国法律。因本协议产生的争议，双方应友好协商；协商不成的，提交本平台运营方所在地人民法院诉讼解决。',
    ],
  },
];

export function MemberAgreementText() {
  return (
    <div className="agreement-text">
      {sections.map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

/** Bottom sheet with the agreement; `onAgree` adds a button that accepts it. */
export default function MemberAgreementPopup({
  visible,
  onClose,
  onAgree,
}: {
  visible: boolean;
  onClose: () => void;
  onAgree?: () => void;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="agreement-popup"
      data-testid="agreement-popup"
    >
      <div className="agreement-header">
        <button type="button" className="icon-button" aria-label="关闭" onClick={onClose}>
          <CloseIcon />
        </button>
        <h2>会员服务协议</h2>
        <span className="agreement-header-spacer" />
      </div>
      <div className="agreement-body">
        <MemberAgreementText />
      </div>
      {onAgree && (
        <div className="agreement-footer">
          <Button block color="primary" onClick={onAgree} data-testid="agreement-accept">
            我已阅读并同意
          </Button>
        </div>
      )}
    </Popup>
  );
}
