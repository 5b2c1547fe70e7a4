/** Which text is sent; each maps to its own template at a real SMS provider. */
export type SmsKind =
  | 'verificationCode'
  | 'alreadyRegistered'
  | 'relationRequest'
  /** Staff approved a mobile-change application: the notice to the new number. */
  | 'mobileChanged';

export interface SmsMessage {
  mobile: string;
  kind: SmsKind;
  /** Template variables, e.g. `{ code: '123456' }`. */
  params: Record<string, string>;
  /** The full text as the member reads it (what the sandbox records). */
  text: string;
}

export interface SmsSender {
  readonly provider: 'sandbox' | 'aliyun';
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
