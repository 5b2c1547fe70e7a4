import { z } from 'zod';
import { defineEndpoint, emptyInput } from '../define';

export const captchaConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha') }),
  z.object({
    provider: z.literal('aliyun'),
    sceneId: z.string(),
    prefix: z.string(),
    region: z.string(),
  }),
]);
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;

/** An ALTCHA proof-of-work challenge (https://altcha.org/docs/api/challenge-api). */
export const altchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

export const Captcha = {
  GetConfig: defineEndpoint({
    module: 'Captcha',
    action: 'GetConfig',
    method: 'GET',
    summary: '当前人机验证方式及其公开参数',
    access: 'public',
    input: emptyInput,
    output: captchaConfigSchema,
  }),
  GetChallenge: defineEndpoint({
    module: 'Captcha',
    action: 'GetChallenge',
    method: 'GET',
    summary: '新的 ALTCHA 挑战（仅内置验证方式）',
    access: 'public',
    input: emptyInput,
    output: altchaChallengeSchema,
  }),
} as const;
