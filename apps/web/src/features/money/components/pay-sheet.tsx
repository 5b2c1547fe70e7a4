import { useRef, useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { orderActions } from '@pcb/contract';
import type { OrderKind } from '@pcb/contract/order-life';
import {
  payMethodNames,
  paymentChannelNames,
  type OnlinePayment,
  type PayMethod,
  type PaymentChannelName,
} from '@pcb/contract/payment';
import { errorMessage, showFail, showSuccess, showToast } from '../../../components/feedback';
import { CloseIcon } from '../../../components/icons';
import { formatFen } from '../../../lib/money';
import { useMemberInfo } from '../../../lib/member-info';
import { paths } from '../../../lib/paths';
import { useRelationContext } from '../../../lib/relation-context';
import { useWechatOpenId } from '../../../lib/use-wechat-open-id';
import { useBalances } from '../api/get-balance';
import { useOrderToPay } from '../api/get-order-to-pay';
import { usePayOrder } from '../api/pay-order';
import { useCreditForPay } from '../api/credit-pay';
import { creditRow } from '../credit-pay-row';
import { CreditPayStep } from './credit-pay-step';
import { useUsableCoupons } from '../api/get-usable-coupons';
import { chosenCoupon, couponMethods } from '../coupon-choice';
import { CouponRow } from './coupon-row';
import { launchPayment } from '../launch-payment';
import { PasscodeStep } from './passcode-step';
import { passwordProblemOf, type PasswordProblem } from '../password-problem';
import {
  channelOptions,
  defaultChannel,
  defaultMethod,
  detectPayEnvironment,
  methodOptions,
  paysOnline,
  type ChannelOption,
  type MethodOption,
} from '../pay-options';
import { rememberPayment } from '../pending-payment';
import { Attempts } from '../request-id';
import { paidOrderHref, payAgainHref, payFailHref, paySuccessHref } from '../result-links';
import '../money.css';

export interface PaySheetProps {
  order: { id: number; kind: OrderKind; orderNo: string };
  visible: boolean;
  onClose: () => void;
}

/** The sealed WeChat identity the contract takes: longer than 20 characters. */
const SEALED_OPENID_MIN_LENGTH = 21;

/** The payment password page, coming back to the order's sheet once it is set. */
const passwordHref = (back: string) => `${paths.paymentPassword}?back=${encodeURIComponent(back)}`;

/** One row of the method list: a method, and for 在线支付 the channel. */
interface Row {
  key: string;
  method: PayMethod;
  channel: PaymentChannelName | null;
  title: string;
  detail: string;
  available: boolean;
}

function rowsOf(
  options: MethodOption[],
  channels: ChannelOption[],
  balances: { balance: number; giftBalance: number },
): Row[] {
  const rows: Row[] = [];
  for (const option of options) {
    if (option.method === 'online') {
      for (const c of channels) {
        rows.push({
          key: c.channel,
          method: 'online',
          channel: c.channel,
          title: paymentChannelNames[c.channel],
          detail: c.reason ?? (c.needsIdentity ? '需先完成微信授权' : '在线支付'),
          available: c.available,
        });
      }
      continue;
    }
    const detail =
      option.reason ??
      (option.method === 'balance'
        ? `可用余额 ${formatFen(balances.balance)}`
        : option.method === 'gift'
          ? `可用 ${formatFen(balances.giftBalance)}，赠送金额支付部分不开发票`
          : `余额抵扣 ${formatFen(option.balancePart)}，还需在线支付 ${formatFen(option.onlinePart)}`);
    rows.push({
      key: option.method,
      method: option.method,
      channel: null,
      title: option.method === 'balance' ? '余额支付' : payMethodNames[option.method],
      detail,
      available: option.available,
    });
  }
  return rows;
}

/** What the member is about to pay, in words: 余额 ¥a + 支付宝 ¥b. */
function summaryOf(option: MethodOption, channel: PaymentChannelName | null): string {
  const parts: string[] = [];
  if (option.balancePart > 0) parts.push(`余额 ${formatFen(option.balancePart)}`);
  if (option.giftPart > 0) parts.push(`赠送金额 ${formatFen(option.giftPart)}`);
  if (option.onlinePart > 0 && channel)
    parts.push(`${paymentChannelNames[channel]} ${formatFen(option.onlinePart)}`);
  return parts.join(' + ');
}

type Step = 'choose' | 'password' | 'leaving' | 'credit';

function PayChooser({ order, onClose }: Omit<PaySheetProps, 'visible'>) {
  const navigate = useNavigate();
  const [env] = useState(detectPayEnvironment);
  const detail = useOrderToPay(order.kind, order.id);
  const balances = useBalances();
  const member = useMemberInfo();
  const relation = useRelationContext();
  const wechat = useWechatOpenId(false);
  const pay = usePayOrder(order.kind);
  const attempts = useRef(new Attempts());
  const credit = useCreditForPay(relation.data?.isSwitched !== true);
  const coupons = useUsableCoupons(order.kind, order.id);
  const [pickedCoupon, setPickedCoupon] = useState<number | null>();

  const [picked, setPicked] = useState<{ method: PayMethod; channel: PaymentChannelName | null }>();
  const [step, setStep] = useState<Step>('choose');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<PasswordProblem>(null);

  if (detail.isPending || balances.isPending || member.isPending) {
    return (
      <p className="mn-sheet-status" role="status" data-testid="pay-sheet-loading">
        加载中…
      </p>
    );
  }
  const failed = [detail, balances, member].find((q) => q.isError);
  if (failed || !detail.data || !balances.data || !member.data) {
    return (
      <div className="mn-sheet-status" role="alert" data-testid="pay-sheet-error">
        <p>{errorMessage(failed?.error, '支付信息加载失败')}</p>
        <Button
          size="small"
          shape="rounded"
          onClick={() => {
            void detail.refetch();
            void balances.refetch();
            void member.refetch();
          }}
        >
          重新加载
        </Button>
      </div>
    );
  }

  const current = detail.data;
  if (!(orderActions.pay.from as readonly string[]).includes(current.status)) {
    return (
      <div className="mn-sheet-status" data-testid="pay-sheet-not-payable">
        <p>订单当前状态不需要付款</p>
        <Button size="small" shape="rounded" onClick={onClose}>
          知道了
        </Button>
      </div>
    );
  }

  const openId =
    wechat.openId && wechat.openId.length >= SEALED_OPENID_MIN_LENGTH ? wechat.openId : null;
  const hasOpenId = openId !== null;
  const total = current.total;
  const channels = channelOptions(env, hasOpenId);
  const coupon = chosenCoupon(coupons.data, pickedCoupon);
  const deduction = coupon?.deduction ?? 0;
  const optionsFor = (amount: number) =>
    methodOptions({
      total: amount,
      balances: balances.data,
      env,
      hasWxOpenId: hasOpenId,
      switched: relation.data?.isSwitched === true,
    });
  // Every method pays what is left after the coupon (decision 0064).
  const discounted = optionsFor(total - deduction);
  const options = optionsFor(total).map((o) =>
    couponMethods.includes(o.method) ? discounted.find((d) => d.method === o.method)! : o,
  );
  const rows = rowsOf(options, channels, balances.data);
  const creditOption = creditRow(
    credit.data,
    total - deduction,
    relation.data?.isSwitched === true,
  );
  if (creditOption) rows.push(creditOption);

  const firstMethod = defaultMethod(options);
  const choice = picked ?? {
    method: firstMethod ?? 'online',
    channel:
      firstMethod === 'online' || firstMethod === 'balanceOnline' ? defaultChannel(channels) : null,
  };
  const option = options.find((o) => o.method === choice.method);
  const channel = channels.find((c) => c.channel === choice.channel) ?? null;
  const selectedKey = choice.method === 'online' ? choice.channel : choice.method;
  const ready =
    (choice.method === 'credit' && creditOption?.available === true) ||
    (option !== undefined &&
      option.available &&
      (!paysOnline(choice.method) || (channel !== null && channel.available)));
  const couponApplies = coupon !== null && couponMethods.includes(choice.method);
  const payable = couponApplies ? total - deduction : total;
  const needsPasswordSetup = option?.needsPassword === true && !member.data.hasPaymentPassword;
  const needsIdentity = paysOnline(choice.method) && channel?.needsIdentity === true;

  const select = (row: Row) => {
    if (!row.available) return;
    setProblem(null);
    setPicked({
      method: row.method,
      channel:
        row.method === 'balanceOnline' ? (choice.channel ?? defaultChannel(channels)) : row.channel,
    });
  };

  const goOnline = async (payment: OnlinePayment) => {
    rememberPayment({
      outTradeNo: payment.outTradeNo,
      channel: payment.channel,
      purpose: 'order',
      amount: payment.amount,
      order: { id: order.id, kind: order.kind, orderNo: current.orderNo },
    });
    setStep('leaving');
    const result = await launchPayment(payment);
    if (result.type === 'left') return;
    if (result.type === 'cancelled') {
      setStep('choose');
      setPassword('');
      showToast('已取消支付');
      return;
    }
    onClose();
    if (result.type === 'failed') {
      showFail(result.detail);
      void navigate(payFailHref('failed', order));
      return;
    }
    void navigate(paySuccessHref(payment));
  };

  const submit = async (paymentPassword?: string, approval?: { mobile: string; code: string }) => {
    if ((!option && !approval) || !ready) return;
    const what = `${choice.method}:${choice.channel ?? ''}:${couponApplies ? coupon.id : ''}`;
    const online = paysOnline(choice.method) ? channel : null;
    // WeChat's browser pays with the official account's identity; the mini-program's pay page
    // logs in itself.
    const identity = online && online.scene === 'jsapi' ? openId : null;
    try {
      const result = await pay.mutateAsync({
        id: order.id,
        requestId: attempts.current.idFor(what),
        method: choice.method,
        ...(paymentPassword ? { paymentPassword } : {}),
        ...(approval ? { creditMobile: approval.mobile, smsCode: approval.code } : {}),
        ...(online ? { channel: online.channel, scene: online.scene } : {}),
        ...(identity ? { wxOpenId: identity } : {}),
        ...(couponApplies ? { couponId: coupon.id } : {}),
      });
      attempts.current.answered();
      setProblem(null);
      if (result.status === 'paid') {
        onClose();
        showSuccess('支付成功');
        void navigate(paidOrderHref(order));
        return;
      }
      if (!result.payment) {
        showFail('支付未能发起，请稍后重试');
        setStep('choose');
        return;
      }
      await goOnline(result.payment);
    } catch (error) {
      attempts.current.settle(error);
      setPassword('');
      const passwordProblem = passwordProblemOf(error);
      if (passwordProblem && choice.method !== 'online' && !approval) {
        setProblem(passwordProblem);
        setStep('password');
        return;
      }
      if (!approval) setStep('choose');
      showFail(errorMessage(error, '支付失败，请稍后重试'));
      void detail.refetch();
      void balances.refetch();
      void coupons.refetch();
    }
  };

  const confirm = () => {
    if (choice.method === 'credit') {
      setStep('credit');
      return;
    }
    if (needsPasswordSetup) {
      onClose();
      void navigate(passwordHref(payAgainHref(order)));
      return;
    }
    if (needsIdentity) {
      wechat.acquire();
      return;
    }
    if (option?.needsPassword) {
      setPassword('');
      setStep('password');
      return;
    }
    void submit();
  };

  if (step === 'leaving') {
    return (
      <p className="mn-sheet-status" role="status" data-testid="pay-sheet-leaving">
        正在打开{choice.channel ? paymentChannelNames[choice.channel] : '支付'}…
      </p>
    );
  }

  if (step === 'credit') {
    return (
      <CreditPayStep
        amount={payable}
        pending={pay.isPending}
        onPay={(mobile, code) => void submit(undefined, { mobile, code })}
        onBack={() => setStep('choose')}
        onLeave={(path) => {
          onClose();
          void navigate(path);
        }}
      />
    );
  }

  if (step === 'password' && option) {
    return (
      <>
        <div className="mn-sheet-head">
          <button
            type="button"
            className="mn-icon-button"
            aria-label="返回选择支付方式"
            onClick={() => {
              setStep('choose');
              setProblem(null);
            }}
          >
            ‹
          </button>
          <h2 className="mn-sheet-title">输入支付密码</h2>
          <span className="mn-icon-button" aria-hidden="true" />
        </div>
        <PasscodeStep
          amount={payable}
          summary={summaryOf(option, choice.channel)}
          value={password}
          onChange={(v) => {
            if (pay.isPending || problem?.type === 'locked') return;
            if (problem) setProblem(null);
            setPassword(v);
          }}
          onFill={(v) => void submit(v)}
          pending={pay.isPending}
          problem={problem}
          forgotHref={passwordHref(payAgainHref(order))}
          onForgot={() => {
            onClose();
            void navigate(passwordHref(payAgainHref(order)));
          }}
        />
      </>
    );
  }

  return (
    <>
      <div className="mn-sheet-head">
        <span className="mn-icon-button" aria-hidden="true" />
        <h2 className="mn-sheet-title">支付订单</h2>
        <button type="button" className="mn-icon-button" aria-label="关闭" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="mn-due">
        <span className="mn-due-label">应付金额</span>
        <strong className="mn-due-amount" data-testid="pay-total">
          {formatFen(payable)}
          {couponApplies && <s className="mn-due-was">{formatFen(total)}</s>}
        </strong>
        <span className="mn-due-order">订单号 {current.orderNo}</span>
      </div>
      <CouponRow
        list={coupons.data}
        isLoading={coupons.isPending}
        chosen={coupon}
        onPick={setPickedCoupon}
      />
      <div className="mn-methods" role="radiogroup" aria-label="支付方式" data-testid="pay-methods">
        {rows.map((row) => {
          const checked = row.key === selectedKey;
          return (
            <div key={row.key} className="mn-method-wrap">
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                aria-disabled={!row.available || undefined}
                className="mn-method"
                onClick={() => select(row)}
                data-testid={`pay-method-${row.key}`}
              >
                <span className="mn-method-text">
                  <span className="mn-method-title">{row.title}</span>
                  <span className="mn-method-detail">{row.detail}</span>
                </span>
                <span className="mn-radio" aria-hidden="true" />
              </button>
              {checked && row.method === 'balanceOnline' && (
                <div
                  className="mn-channels"
                  role="radiogroup"
                  aria-label="剩余部分的支付方式"
                  data-testid="pay-rest-channels"
                >
                  {channels.map((c) => (
                    <button
                      key={c.channel}
                      type="button"
                      role="radio"
                      aria-checked={choice.channel === c.channel}
                      aria-disabled={!c.available || undefined}
                      className="mn-chip"
                      onClick={() =>
                        c.available && setPicked({ method: 'balanceOnline', channel: c.channel })
                      }
                    >
                      {paymentChannelNames[c.channel]}
                    </button>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {option && ready && (
        <p className="mn-summary" data-testid="pay-summary">
          本次支付：{summaryOf(option, choice.channel)}
          {choice.method === 'balanceOnline' &&
            '。在线支付完成前，余额部分暂时冻结；未完成支付将自动退回。'}
        </p>
      )}
      {needsPasswordSetup && (
        <p className="mn-note" data-testid="pay-password-unset">
          余额和赠送金额支付需要支付密码，您还没有设置。
        </p>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        className="mn-confirm"
        disabled={!ready || wechat.status === 'running'}
        loading={pay.isPending || wechat.status === 'running'}
        onClick={confirm}
        data-testid="pay-confirm"
      >
        {needsPasswordSetup
          ? '去设置支付密码'
          : needsIdentity
            ? '微信授权后支付'
            : `确认支付 ${formatFen(payable)}`}
      </Button>
      {firstMethod === null && (
        <p className="mn-note">当前没有可用的支付方式，可在订单详情中查看对公转账账户。</p>
      )}
    </>
  );
}

/**
 * The pay sheet of an order at 待付款 (decision 0056): the amount due as the server has it, the
 * ways to pay that work here, the payment password, and the hand-off to the provider.
 */
export default function PaySheet({ order, visible, onClose }: PaySheetProps) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="mn-sheet"
      destroyOnClose
    >
      <div data-testid="pay-sheet">{visible && <PayChooser order={order} onClose={onClose} />}</div>
    </Popup>
  );
}
