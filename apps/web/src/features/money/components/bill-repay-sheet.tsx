import { useRef, useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { paymentChannelNames, type PaymentChannelName } from '@pcb/contract/payment';
import { errorMessage, showFail, showSuccess, showToast } from '../../../components/feedback';
import { CloseIcon } from '../../../components/icons';
import { formatFen } from '../../../lib/money';
import { useMemberInfo } from '../../../lib/member-info';
import { paths } from '../../../lib/paths';
import { useWechatOpenId } from '../../../lib/use-wechat-open-id';
import { useBalances } from '../api/get-balance';
import { useRepayBill, useRepayBillOnline } from '../api/repay-bill';
import { launchPayment } from '../launch-payment';
import { passwordProblemOf, type PasswordProblem } from '../password-problem';
import { channelOptions, detectPayEnvironment } from '../pay-options';
import { rememberPayment } from '../pending-payment';
import { Attempts } from '../request-id';
import { repayFailHref, repaySuccessHref } from '../result-links';
import { PasscodeStep } from './passcode-step';
import '../money.css';

/** The bill being repaid, as the bill screens show it. */
export interface RepayBillRef {
  id: number;
  period: string;
  outstanding: number;
}

export interface BillRepaySheetProps {
  bill: RepayBillRef | null;
  onClose: () => void;
}

/** The sealed WeChat identity the contract takes: longer than 20 characters. */
const SEALED_OPENID_MIN_LENGTH = 21;
type Way = 'balance' | PaymentChannelName;

const passwordHref = `${paths.paymentPassword}?back=${encodeURIComponent(paths.billHistory)}`;

function RepayChooser({ bill, onClose }: { bill: RepayBillRef; onClose: () => void }) {
  const navigate = useNavigate();
  const [env] = useState(detectPayEnvironment);
  const balances = useBalances();
  const member = useMemberInfo();
  const wechat = useWechatOpenId(false);
  const repay = useRepayBill();
  const repayOnline = useRepayBillOnline();
  const attempts = useRef(new Attempts());
  const [picked, setPicked] = useState<Way>();
  const [step, setStep] = useState<'choose' | 'password' | 'leaving'>('choose');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<PasswordProblem>(null);

  if (balances.isPending || member.isPending) {
    return (
      <p className="mn-sheet-status" role="status">
        加载中…
      </p>
    );
  }
  if (!balances.data || !member.data) {
    return (
      <div className="mn-sheet-status" role="alert">
        <p>{errorMessage(balances.error ?? member.error, '加载失败')}</p>
        <Button size="small" shape="rounded" onClick={() => void balances.refetch()}>
          重新加载
        </Button>
      </div>
    );
  }
  const openId =
    wechat.openId && wechat.openId.length >= SEALED_OPENID_MIN_LENGTH ? wechat.openId : null;
  const channels = channelOptions(env, openId !== null);
  const balanceCovers = balances.data.balance >= bill.outstanding;
  const rows: { way: Way; title: string; detail: string; available: boolean }[] = [
    {
      way: 'balance',
      title: '余额',
      detail: balanceCovers
        ? `可用余额 ${formatFen(balances.data.balance)}`
        : `余额不足（可用 ${formatFen(balances.data.balance)}），请先充值或在线还款`,
      available: balanceCovers,
    },
    ...channels.map((c) => ({
      way: c.channel,
      title: paymentChannelNames[c.channel],
      detail: c.reason ?? (c.needsIdentity ? '需先完成微信授权' : '在线还款'),
      available: c.available,
    })),
  ];
  const way: Way | undefined = picked ?? rows.find((r) => r.available)?.way;
  const channel = way && way !== 'balance' ? channels.find((c) => c.channel === way) : undefined;

  const submitBalance = async (paymentPassword: string) => {
    try {
      await repay.mutateAsync({ id: bill.id, paymentPassword });
      showSuccess('还款成功');
      onClose();
    } catch (error) {
      setPassword('');
      const passwordProblem = passwordProblemOf(error);
      if (passwordProblem) {
        setProblem(passwordProblem);
        return;
      }
      setStep('choose');
      showFail(errorMessage(error, '还款失败，请稍后重试'));
    }
  };

  const submitOnline = async () => {
    if (!channel) return;
    const identity = channel.scene === 'jsapi' ? openId : null;
    try {
      const payment = await repayOnline.mutateAsync({
        id: bill.id,
        requestId: attempts.current.idFor(`${bill.id}:${channel.channel}`),
        channel: channel.channel,
        scene: channel.scene,
        ...(identity ? { wxOpenId: identity } : {}),
      });
      attempts.current.answered();
      rememberPayment({
        outTradeNo: payment.outTradeNo,
        channel: payment.channel,
        purpose: 'bill',
        amount: payment.amount,
        order: null,
      });
      setStep('leaving');
      const result = await launchPayment(payment);
      if (result.type === 'left') return;
      if (result.type === 'cancelled') {
        setStep('choose');
        showToast('已取消支付');
        return;
      }
      onClose();
      if (result.type === 'failed') {
        showFail(result.detail);
        void navigate(repayFailHref('failed'));
        return;
      }
      void navigate(repaySuccessHref({ ...payment, billId: bill.id }));
    } catch (error) {
      attempts.current.settle(error);
      setStep('choose');
      showFail(errorMessage(error, '还款失败，请稍后重试'));
    }
  };

  const confirm = () => {
    if (way === 'balance') {
      if (!member.data.hasPaymentPassword) {
        onClose();
        void navigate(passwordHref);
        return;
      }
      setPassword('');
      setProblem(null);
      setStep('password');
      return;
    }
    if (channel?.needsIdentity) {
      wechat.acquire();
      return;
    }
    void submitOnline();
  };

  if (step === 'leaving') {
    return (
      <p className="mn-sheet-status" role="status" data-testid="repay-leaving">
        正在打开{channel ? paymentChannelNames[channel.channel] : '支付'}…
      </p>
    );
  }

  if (step === 'password') {
    return (
      <>
        <div className="mn-sheet-head">
          <button
            type="button"
            className="mn-icon-button"
            aria-label="返回选择还款方式"
            onClick={() => setStep('choose')}
          >
            ‹
          </button>
          <h2 className="mn-sheet-title">输入支付密码</h2>
          <span className="mn-icon-button" aria-hidden="true" />
        </div>
        <PasscodeStep
          amount={bill.outstanding}
          summary={`余额 ${formatFen(bill.outstanding)}`}
          value={password}
          onChange={(v) => {
            if (repay.isPending || problem?.type === 'locked') return;
            if (problem) setProblem(null);
            setPassword(v);
          }}
          onFill={(v) => void submitBalance(v)}
          pending={repay.isPending}
          problem={problem}
          forgotHref={passwordHref}
          onForgot={() => {
            onClose();
            void navigate(passwordHref);
          }}
        />
      </>
    );
  }

  return (
    <>
      <div className="mn-sheet-head">
        <span className="mn-icon-button" aria-hidden="true" />
        <h2 className="mn-sheet-title">账单还款</h2>
        <button type="button" className="mn-icon-button" aria-label="关闭" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="mn-due">
        <span className="mn-due-label">待还金额</span>
        <strong className="mn-due-amount" data-testid="repay-amount">
          {formatFen(bill.outstanding)}
        </strong>
        <span className="mn-due-order">{bill.period} 账单</span>
      </div>
      <div className="mn-methods" role="radiogroup" aria-label="还款方式" data-testid="repay-ways">
        {rows.map((row) => (
          <button
            key={row.way}
            type="button"
            role="radio"
            aria-checked={row.way === way}
            aria-disabled={!row.available || undefined}
            className="mn-method"
            onClick={() => row.available && setPicked(row.way)}
            data-testid={`repay-way-${row.way}`}
          >
            <span className="mn-method-text">
              <span className="mn-method-title">{row.title}</span>
              <span className="mn-method-detail">{row.detail}</span>
            </span>
            <span className="mn-radio" aria-hidden="true" />
          </button>
        ))}
      </div>
      <Button
        block
        color="primary"
        shape="rounded"
        disabled={way === undefined}
        loading={repayOnline.isPending || wechat.status === 'running'}
        onClick={confirm}
        data-testid="repay-submit"
      >
        确认还款 {formatFen(bill.outstanding)}
      </Button>
    </>
  );
}

/**
 * The bill's repay sheet (decisions 0060, 0065): 余额 with the payment password, or 支付宝 /
 * 微信支付, whose result screens ask the server until the bill shows repaid.
 */
export default function BillRepaySheet({ bill, onClose }: BillRepaySheetProps) {
  return (
    <Popup
      visible={bill !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="mn-sheet"
      destroyOnClose
    >
      {bill && (
        <div data-testid="repay-sheet">
          <RepayChooser bill={bill} onClose={onClose} />
        </div>
      )}
    </Popup>
  );
}
