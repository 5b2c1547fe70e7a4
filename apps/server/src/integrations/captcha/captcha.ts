import type { AltchaChallenge, CaptchaConfig, NcVerifyDto } from '@pcb/contract';

/** Human verification (the `ncVerifyDto` of Login and of every SMS send). */
export interface HumanVerifier {
  readonly provider: 'altcha' | 'aliyun';
  /** What the web page needs to show the widget. */
  publicConfig(): CaptchaConfig;
  /** A fresh proof-of-work challenge; only the embedded ALTCHA provider has them. */
  createChallenge?(): Promise<AltchaChallenge>;
  /** True once per solved challenge: a second use of the same solution is refused. */
  verify(dto: NcVerifyDto, ip: string): Promise<boolean>;
}
