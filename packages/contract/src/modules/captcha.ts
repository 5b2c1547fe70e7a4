import { z } from 'zod';
import { defineModule, emptyInput } from '../define';

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

/**
 * An ALTCHA v2 challenge, as altcha-lib 2.x `createChallenge` makes it and the altcha 3.x widget
 * solves it (v1's `{algorithm, challenge, maxnumber, salt}` shape is NOT used). The widget's
 * result — base64 JSON `{challenge, solution}` — travels as `ncVerifyDto.token`.
 */
export const altchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

export const Captcha = defineModule('Captcha', {
  GetConfig: {
    method: 'GET',
    summary: '当前人机验证方式及其公开参数',
    access: 'public',
    input: emptyInput,
    output: captchaConfigSchema,
  },
  GetChallenge: {
    method: 'GET',
    summary: '新的 ALTCHA 挑战（仅内置验证方式）',
    access: 'public',
    input: emptyInput,
    output: altchaChallengeSchema,
  },
});
