import { useState } from 'react';
import { Input } from 'antd-mobile';
import { PASSWORD_MAX, PASSWORD_MIN } from '@pcb/contract';
import { EyeIcon, EyeOffIcon } from './icons';

/** The login-password rule as members read it (the contract's passwordSchema). */
export const PASSWORD_RULE = `${PASSWORD_MIN}-${PASSWORD_MAX}位，需同时包含字母和数字`;

/** Password input with a visibility toggle; phones make typos that members want to check. */
export function PasswordInput({
  id,
  value,
  onChange,
  placeholder,
  autoComplete,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  autoComplete: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Input
        id={id}
        data-testid={id}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={64}
        clearable
        style={{ flex: 1 }}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={visible ? '隐藏密码' : '显示密码'}
        aria-pressed={visible}
        data-testid={`${id}-toggle`}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeIcon /> : <EyeOffIcon />}
      </button>
    </div>
  );
}
