import { useRef, useState } from 'react';
import { Button, Input, Popup } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { rechargePresets, type Balances } from '@pcb/contract/member-advance-payment';
import { paymentChannelNames, type PaymentChannelName } from '@pcb/contract/payment';
import { errorMessage, showFail, showToast } from '../../../components/feedback';
import { CloseIcon } from '../../../components/icons';
import { formatFen } from '../../../lib/money';
import { useWechatOpenId } from '../../../lib/use-wechat-open-id';
import { useRecharge } from '../api/recharge';
import { launchPayment } from '../launch-payment';
import { channelOptions, defaultChannel, detectPayEnvironment } from '../pay-options';
import { rememberPayment } from '../pending-payment';
import { parseYuan, rechargeLimitsText, rechargeProblem } from '../recharge-amount';
import { Attempts } from '../request-id';
import { prepaidFailHref, prepaidSuccessHref } from '../result-links';

const SEALED_OPENID_MIN_LENGTH = 21;

function RechargeForm({ balances, onClose }: { balances: Balances; onClose: () => void }) {
  const navigate = useNavigate();
  const [env] = useState(detectPayEnvironment);
  const wechat = useWechatOpenId(false);
  const recharge = useRecharge();
  const attempts = useRef(new Attempts());
  const openId =
    wechat.openId && wechat.openId.length >= SEALED_OPENID_MIN_LENGTH ? wechat.openId : null;
  const channels = channelOptions(env, openId !== null);

  const [preset, setPreset] = useState<number | null>(rechargePresets[0]);
  const [custom, setCustom] = useState('');
  const [touched, setTouched] = useState(false);
  const [picked, setPicked] = useState<PaymentChannelName | null>(null);
  const [leaving, setLeaving] = useState(false);

  const amount = preset ?? parseYuan(custom);
  const problem =
    preset === null && custom.trim() === '' ? '请输入充值金额' : rechargeProblem(amount, balances);
  const channelName = picked ?? defaultChannel(channels);
  const channel = channels.find((c) => c.channel === channelName && c.available) ?? null;

  const submit = async () => {
    setTouched(true);
    if (problem || amount === null || !channel) return;
    if (channel.needsIdentity) {
      wechat.acquire();
      return;
    }
    try {
      const payment = await recharge.mutateAsync({
        requestId: attempts.current.idFor(`${amount}:${channel.channel}`),
        amount,
        channel: channel.channel,
        scene: channel.scene,
        ...(channel.scene === 'jsapi' && openId ? { wxOpenId: openId } : {}),
      });
      attempts.current.answered();
      rememberPayment({
        outTradeNo: payment.outTradeNo,
        channel: payment.channel,
        purpose: 'recharge',
        amount: payment.amount,
        order: null,
      });
      setLeaving(true);
      const result = await launchPayment(payment);
      if (result.type === 'left') return;
      setLeaving(false);
      if (result.type === 'cancelled') return showToast('已取消充值');
      onClose();
      if (result.type === 'failed') {
        showFail(result.detail);
        void navigate(prepaidFailHref('failed'));
        return;
      }
      void navigate(prepaidSuccessHref(payment));
    } catch (error) {
      attempts.current.settle(error);
      showFail(errorMessage(error, '充值未能发起，请稍后重试'));
    }
  };

  if (leaving) {
    return (
      <p className="mn-sheet-status" role="status" data-testid="recharge-leaving">
        正在打开{paymentChannelNames[channel?.channel ?? 'alipay']}…
      </p>
    );
  }

  return (
    <>
      <div className="mn-sheet-head">
        <span className="mn-icon-button" aria-hidden="true" />
        <h2 className="mn-sheet-title">余额充值</h2>
        <button type="button" className="mn-icon-button" aria-label="关闭" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div
        className="mn-presets"
        role="radiogroup"
        aria-label="充值金额"
        data-testid="recharge-presets"
      >
        {rechargePresets.map((fen) => (
          <button
            key={fen}
            type="button"
            role="radio"
            aria-checked={preset === fen}
            className="mn-preset"
            onClick={() => {
              setPreset(fen);
              setCustom('');
            }}
          >
            {formatFen(fen).replace(/\.00$/, '')}
          </button>
        ))}
      </div>
      <label className="mn-label" htmlFor="recharge-custom">
        其他金额（元）
      </label>
      <div className="mn-amount-field">
        <span aria-hidden="true">¥</span>
        <Input
          id="recharge-custom"
          inputMode="decimal"
          placeholder="输入金额，最多两位小数"
          value={custom}
          onChange={(value) => {
            setCustom(value);
            setPreset(value.trim() === '' ? rechargePresets[0] : null);
          }}
          onBlur={() => setTouched(true)}
          aria-describedby="recharge-limits"
          data-testid="recharge-custom"
        />
      </div>
      <p className="mn-hint" id="recharge-limits" data-testid="recharge-limits">
        {rechargeLimitsText}
      </p>
      {touched && problem && (
        <p className="mn-error" role="alert" data-testid="recharge-problem">
          {problem}
        </p>
      )}
      <div className="mn-label" id="recharge-channel-label">
        支付方式
      </div>
      <div className="mn-methods" role="radiogroup" aria-labelledby="recharge-channel-label">
        {channels.map((c) => (
          <div key={c.channel} className="mn-method-wrap">
            <button
              type="button"
              role="radio"
              aria-checked={channel?.channel === c.channel}
              aria-disabled={!c.available || undefined}
              className="mn-method"
              onClick={() => c.available && setPicked(c.channel)}
              data-testid={`recharge-channel-${c.channel}`}
            >
              <span className="mn-method-text">
                <span className="mn-method-title">{paymentChannelNames[c.channel]}</span>
                {(c.reason !== null || c.needsIdentity) && (
                  <span className="mn-method-detail">{c.reason ?? '需先完成微信授权'}</span>
                )}
              </span>
              <span className="mn-radio" aria-hidden="true" />
            </button>
          </div>
        ))}
      </div>
      <Button
        block
        color="primary"
        shape="rounded"
        className="mn-confirm"
        disabled={!channel || (touched && problem !== null) || wechat.status === 'running'}
        loading={recharge.isPending || wechat.status === 'running'}
        onClick={() => void submit()}
        data-testid="recharge-confirm"
      >
        {amount !== null && !problem ? `充值 ${formatFen(amount)}` : '充值'}
      </Button>
      <p className="mn-hint">到账以支付机构的通知为准，充值成功后余额立即可用于支付订单。</p>
    </>
  );
}

/** Top-up online: preset or custom amounts within the contract's limits, a channel that works here. */
export function RechargeSheet({
  visible,
  balances,
  onClose,
}: {
  visible: boolean;
  balances: Balances;
  onClose: () => void;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="mn-sheet"
      destroyOnClose
    >
      <div data-testid="recharge-sheet">
        {visible && <RechargeForm balances={balances} onClose={onClose} />}
      </div>
    </Popup>
  );
}
