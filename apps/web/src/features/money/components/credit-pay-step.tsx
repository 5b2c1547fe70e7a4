import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useCountdown } from '../../../lib/use-countdown';
import { useCreditPayMobiles, useSendCreditPayCode } from '../api/credit-pay';

/**
 * Paying on credit (decision 0059): pick a bound mobile, text it a code, enter the code. The
 * code is the approval of the mobile's holder; no payment password.
 */
export function CreditPayStep({
  amount,
  pending,
  onPay,
  onBack,
  onLeave,
}: {
  amount: number;
  pending: boolean;
  onPay: (mobile: string, code: string) => void;
  onBack: () => void;
  /** Leaves the sheet for payImpower (no mobile bound yet). */
  onLeave: (path: string) => void;
}) {
  const mobiles = useCreditPayMobiles();
  const send = useSendCreditPayCode();
  const { secondsLeft, start } = useCountdown();
  const [picked, setPicked] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const mobile = picked ?? mobiles.data?.[0]?.mobile ?? null;

  const sendCode = async () => {
    if (!mobile) return;
    try {
      const sent = await send.mutateAsync({ mobile });
      start(sent.resendAfterSeconds);
      showSuccess('验证码已发送');
    } catch (error) {
      showFail(errorMessage(error, '验证码发送失败，请稍后重试'));
    }
  };

  return (
    <div data-testid="credit-pay-step">
      <div className="mn-sheet-head">
        <button
          type="button"
          className="mn-icon-button"
          aria-label="返回选择支付方式"
          onClick={onBack}
        >
          ‹
        </button>
        <h2 className="mn-sheet-title">月结支付</h2>
        <span className="mn-icon-button" aria-hidden="true" />
      </div>
      <div className="mn-due">
        <span className="mn-due-label">月结支付</span>
        <strong className="mn-due-amount">{formatFen(amount)}</strong>
      </div>
      {mobiles.isPending ? (
        <p className="mn-sheet-status" role="status">
          加载中…
        </p>
      ) : mobiles.isError ? (
        <p className="mn-sheet-status" role="alert">
          {errorMessage(mobiles.error, '授权手机加载失败')}
        </p>
      ) : mobiles.data.length === 0 ? (
        <div className="mn-sheet-status">
          <p>还没有授权手机，请先添加</p>
          <Button size="small" shape="rounded" onClick={() => onLeave(paths.payImpower)}>
            去添加
          </Button>
        </div>
      ) : (
        <>
          <div className="mn-channels" role="radiogroup" aria-label="授权手机">
            {mobiles.data.map((m) => (
              <button
                key={m.id}
                type="button"
                role="radio"
                aria-checked={mobile === m.mobile}
                className="mn-chip"
                onClick={() => setPicked(m.mobile)}
                data-testid={`credit-mobile-${m.mobile}`}
              >
                {m.mobile}
              </button>
            ))}
          </div>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', margin: '12px 0' }}>
            <Input
              placeholder="请输入6位验证码"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={setCode}
              aria-label="验证码"
              data-testid="credit-pay-code"
            />
            <Button
              size="small"
              color="primary"
              fill="outline"
              style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              disabled={secondsLeft > 0 || send.isPending}
              onClick={() => void sendCode()}
              data-testid="credit-pay-send"
            >
              {secondsLeft > 0 ? `${secondsLeft}秒后重发` : '获取验证码'}
            </Button>
          </div>
          <Button
            block
            color="primary"
            shape="rounded"
            disabled={!mobile || !/^\d{6}$/.test(code)}
            loading={pending}
            onClick={() => {
              if (mobile) onPay(mobile, code);
            }}
            data-testid="credit-pay-submit"
          >
            确认支付
          </Button>
        </>
      )}
    </div>
  );
}
