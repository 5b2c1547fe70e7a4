import { useEffect, useRef } from 'react';
import { NumberKeyboard, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import { formatFen } from '../../../lib/money';
import type { PasswordProblem } from '../password-problem';

/**
 * The 6-digit payment password on the on-screen number keyboard; full, it pays at once. A wrong
 * password empties the boxes and shows the server's words (tries left); a lock shows them and
 * takes no more digits.
 */
export function PasscodeStep({
  amount,
  summary,
  value,
  onChange,
  onFill,
  pending,
  problem,
  forgotHref,
  onForgot,
}: {
  amount: number;
  summary: string;
  value: string;
  onChange: (value: string) => void;
  onFill: (value: string) => void;
  pending: boolean;
  problem: PasswordProblem;
  forgotHref: string;
  onForgot: () => void;
}) {
  const input = useRef<PasscodeInputRef>(null);
  const locked = problem?.type === 'locked';
  // The keyboard opens with the step, and stays open through a wrong password (the boxes are
  // emptied, the focus stays); a lock closes it.
  useEffect(() => {
    if (locked) input.current?.blur();
    else input.current?.focus();
  }, [locked]);
  return (
    <div className="mn-passcode" data-testid="pay-passcode-step">
      <p className="mn-passcode-amount">{formatFen(amount)}</p>
      <p className="mn-passcode-summary">{summary}</p>
      <div className="mn-passcode-label" id="pay-passcode-label">
        请输入6位支付密码
      </div>
      <PasscodeInput
        ref={input}
        length={6}
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, ''))}
        onFill={onFill}
        error={problem !== null}
        keyboard={<NumberKeyboard confirmText={null} />}
        aria-labelledby="pay-passcode-label"
        data-testid="pay-passcode"
        className={locked || pending ? 'mn-passcode-off' : undefined}
      />
      <div className="mn-passcode-state" aria-live="polite">
        {pending && (
          <span className="mn-hint" role="status">
            正在支付…
          </span>
        )}
        {problem && (
          <span className="mn-error" role="alert" data-testid="pay-password-problem">
            {problem.message}
          </span>
        )}
      </div>
      <a
        className="mn-link"
        href={forgotHref}
        onClick={(event) => {
          event.preventDefault();
          onForgot();
        }}
      >
        忘记支付密码？
      </a>
    </div>
  );
}
