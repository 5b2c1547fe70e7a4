import { z } from 'zod';

// ---- Primitives every input is built from (decision 0011) ----

/** C0 controls except tab, newline and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;
/** A surrogate without its partner: not a character at all, and PostgreSQL refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * U+FFFD stands where broken text was (a lone surrogate in a query string arrives as it): never
 * typed, so refused as the surrogate itself is.
 */
const REPLACEMENT_CHARACTER = /\uFFFD/;

/**
 * Characters that are not seen but change what is seen (Unicode's format characters, Cf):
 * bidirectional embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069,
 * U+200E, U+200F, U+061C: `design\u202Epiz.exe` shows as `designexe.zip`), zero-width spaces
 * and joiners (U+200B–U+200D), the word joiner and invisible operators (U+2060–U+2064), the
 * byte-order mark (U+FEFF), the soft hyphen, tags. Decision 0034.
 */
const INVISIBLE_CHARACTER = /\p{Cf}/u;
const INVISIBLE_CHARACTERS = /\p{Cf}/gu;
/**
 * What an emoji keyboard types with them, and is all that they may be: a zero-width joiner
 * between two pictographs (👨‍💻), and the tags of a subdivision flag (🏴 + tags + cancel tag).
 */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/** True when the text holds an invisible or direction-changing character outside an emoji. */
export function hasInvisibleCharacter(value: string): boolean {
  if (!INVISIBLE_CHARACTER.test(value)) return false;
  return INVISIBLE_CHARACTER.test(value.replace(EMOJI_JOINER, '').replace(EMOJI_TAGS, ''));
}

/**
 * The text as staff should read it: each invisible or direction-changing character written
 * out as its code (`design⟦U+202E⟧piz.exe`), so a name stored before the contract refused them
 * (or a name from outside) cannot disguise itself. Emoji are left as they are.
 */
export function showInvisible(value: string): string {
  if (!hasInvisibleCharacter(value)) return value;
  const kept = new Set<number>();
  for (const pattern of [EMOJI_JOINER, EMOJI_TAGS]) {
    for (const match of value.matchAll(pattern)) {
      for (let i = 0; i < match[0].length; i++) kept.add(match.index + i);
    }
  }
  return value.replace(INVISIBLE_CHARACTERS, (character, offset: number) =>
    kept.has(offset)
      ? character
      : `⟦U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧`,
  );
}

export const FORBIDDEN_CHARACTER_MESSAGE = '不能包含控制字符或无效字符';
export const INVISIBLE_CHARACTER_MESSAGE = '不能包含不可见字符或文字方向控制字符';
export const LINE_BREAK_MESSAGE = '不能换行';

/** True when the text holds a character no input may carry (line breaks only where allowed). */
export function hasForbiddenCharacter(value: string, multiline = false): boolean {
  return (
    CONTROL_CHARACTER.test(value) ||
    LONE_SURROGATE.test(value) ||
    REPLACEMENT_CHARACTER.test(value) ||
    hasInvisibleCharacter(value) ||
    (!multiline && LINE_BREAK_OR_TAB.test(value))
  );
}

/**
 * The one string primitive of every input: a length limit, and no control characters, lone
 * surrogates or invisible characters (newline and tab only when `multiline`). Chain `.trim()`, `.min()`, `.regex()`.
 */
export function text(max: number, options: { multiline?: boolean } = {}) {
  const multiline = options.multiline ?? false;
  return z
    .string()
    .max(max)
    .refine(
      (value) =>
        !CONTROL_CHARACTER.test(value) &&
        !LONE_SURROGATE.test(value) &&
        !REPLACEMENT_CHARACTER.test(value),
      {
        error: FORBIDDEN_CHARACTER_MESSAGE,
        abort: true,
      },
    )
    .refine((value) => !hasInvisibleCharacter(value), {
      error: INVISIBLE_CHARACTER_MESSAGE,
      abort: true,
    })
    .refine((value) => multiline || !LINE_BREAK_OR_TAB.test(value), {
      error: LINE_BREAK_MESSAGE,
      abort: true,
    });
}

/** PostgreSQL `integer`: every id column is one. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body: a positive integer that fits its column. */
export const idSchema = z
  .number({ error: '应为数字' })
  .int({ error: '应为整数' })
  .min(1, { error: '应为正整数' })
  .max(INT4_MAX, { error: '超出范围' })
  .meta({ title: '编号' });

/** A row id in a query string: digits only (no signs, spaces, exponents), then as idSchema. */
export const idQuerySchema = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, { error: '应为正整数' })])
  .transform((value) => Number(value))
  .pipe(idSchema)
  .meta({ title: '编号' });

/**
 * A whole number in a query string (a page number): digits only, then bounded like intSchema.
 */
export const intQuerySchema = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,15}$/, { error: '应为整数' })])
    .transform((value) => Number(value))
    .pipe(
      z
        .number()
        .int({ error: '应为整数' })
        .min(Math.max(min, Number.MIN_SAFE_INTEGER))
        .max(Math.min(max, Number.MAX_SAFE_INTEGER)),
    );

/**
 * A uuid the page makes once per submission (an order, a payment, a top-up): a retry with it
 * finds the first answer instead of doing the thing twice.
 */
export const requestIdSchema = text(36)
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: '请求编号不正确',
  })
  .meta({ title: '请求编号' });

/** A moment as ISO 8601 with its offset (`2026-11-24T08:00:00+08:00`). */
export const instantSchema = text(40).pipe(
  z.iso.datetime({ offset: true, error: '应为有效的时间' }),
);

/** A page of a list: which page, how many a page (query string). */
export const pageInput = {
  page: intQuerySchema(1, 100_000).default(1).meta({ title: '页码' }),
  pageSize: intQuerySchema(1, 100).default(20).meta({ title: '每页条数' }),
};

/** One page of a list and how many there are in all. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Counting stopped at `total`: there are more (a list with a counting cap, decision 0070). */
    moreThanTotal: z.boolean().optional().meta({ title: '多于总数' }),
  });

/**
 * Any other whole number in an input: bounded by the caller to what its column or rule
 * allows, and never beyond a safe integer.
 */
export const intSchema = (min: number, max: number) =>
  z
    .number({ error: '应为数字' })
    .int({ error: '应为整数' })
    .min(Math.max(min, Number.MIN_SAFE_INTEGER))
    .max(Math.min(max, Number.MAX_SAFE_INTEGER));

/** Mainland mobile: 11 digits starting with 1 (spec section 5). */
export const MOBILE_PATTERN = /^1\d{10}$/;

export const mobileSchema = z
  .string()
  .trim()
  .regex(MOBILE_PATTERN, { error: '请输入以1开头的11位手机号' })
  .meta({ title: '手机号' });

/** Kept first 3 and last 4 digits, middle shown as ****. */
export function maskMobile(mobile: string): string {
  if (!MOBILE_PATTERN.test(mobile)) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** Login password: 8–32 characters with at least a letter and a digit. */
export const passwordSchema = text(PASSWORD_MAX)
  .min(PASSWORD_MIN, { error: `至少${PASSWORD_MIN}位` })
  .max(PASSWORD_MAX, { error: `最多${PASSWORD_MAX}位` })
  .regex(/[A-Za-z]/, { error: '需包含字母' })
  .regex(/\d/, { error: '需包含数字' })
  .meta({ title: '密码' });

export const SMS_CODE_LENGTH = 6;
export const smsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: '应为6位数字' })
  .meta({ title: '短信验证码' });

export const ncVerifyDtoSchema = z
  .object({
    provider: z.enum(['altcha', 'aliyun']).meta({ title: '验证方式' }),
    token: text(16_384).min(1).meta({ title: '验证结果' }),
  })
  .meta({ title: '人机验证' });
export type NcVerifyDto = z.infer<typeof ncVerifyDtoSchema>;

export const accessTokenSchema = z.object({ accessToken: z.string() });
export type AccessTokenResult = z.infer<typeof accessTokenSchema>;

/** Result of a call that sends an SMS code: wait this long before asking again. */
export const smsSentSchema = z.object({ resendAfterSeconds: z.number().int() });
export type SmsSent = z.infer<typeof smsSentSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

export const WEAK_PAYMENT_PASSWORD_MESSAGE = '支付密码过于简单，请勿使用连续或重复的数字';
const DIGITS_UP = '0123456789';
const DIGITS_DOWN = '9876543210';

/** The six digits anyone tries first: one digit repeated, or a run up or down (123456, 654321). */
export function isWeakPaymentPassword(value: string): boolean {
  return (
    /^(\d)\1{5}$/.test(value) ||
    (/^\d{6}$/.test(value) && (DIGITS_UP.includes(value) || DIGITS_DOWN.includes(value)))
  );
}

/** Payment password: exactly 6 digits (confirms balance payments), not a repeat or a run. */
export const paymentPasswordSchema = z
  .string()
  .regex(/^\d{6}$/, { error: '应为6位数字', abort: true })
  .refine((value) => !isWeakPaymentPassword(value), { error: WEAK_PAYMENT_PASSWORD_MESSAGE })
  .meta({ title: '支付密码' });

/** Mainland China only for now; the field exists because the spec's payload carries it. */
export const areaCodeSchema = z
  .literal('86', { error: '目前仅支持中国大陆手机号' })
  .default('86')
  .meta({ title: '区号' });

/**
 * The WeChat identity as the browser keeps it (local storage `wxOpenId`): WeChat's openid sealed
 * with the server's key, so knowing someone's openid is not enough to log in as them. Opaque to
 * the client; always longer than 20 characters.
 */
export const sealedOpenIdSchema = text(512)
  .min(21, { error: '微信身份无效' })
  .meta({ title: '微信身份' });
