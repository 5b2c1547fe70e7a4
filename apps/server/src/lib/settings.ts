import { z } from 'zod';

/**
 * Pieces of the environment schema shared by `config/env.ts` and every integration's
 * declaration (`src/integrations/<name>/<name>.integration.ts`), so each variable states its
 * default and error message the same way wherever it is declared.
 */

export const intSetting = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

export const text = () => z.string().trim().optional();
export const textOr = (fallback: string) => z.string().trim().default(fallback);

/**
 * A key or certificate, inline (PEM, or the bare base64 some consoles print). Many deployment
 * tools keep a value on one line, so a literal `\n` is read as a new line.
 */
export const keyText = () =>
  z
    .string()
    .trim()
    .transform((value) => value.replaceAll('\\n', '\n'))
    .optional();

export const url = () => z.url({ error: 'must be a URL' }).optional();
export const urlOr = (fallback: string) => z.url({ error: 'must be a URL' }).default(fallback);

export const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

/** One line per failed variable: `PORT must be a number`. */
export const issueLines = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  issues.map((i) => `${i.path.map(String).join('.') || 'environment'} ${i.message}`);

/** Every missing setting, so one start attempt names them all. */
export function missing<E extends object>(env: E, names: (keyof E & string)[], why: string) {
  return names.filter((name) => !env[name]).map((name) => `${name} is required when ${why}`);
}

/**
 * The keys of a real provider, in production: without them the embedded sandbox would be
 * chosen, which production refuses (`WECHAT_APP_ID is required in production (…)`).
 */
export function missingInProduction<E extends object>(
  env: E,
  names: (keyof E & string)[],
  why: string,
) {
  return names
    .filter((name) => !env[name])
    .map((name) => `${name} is required in production (${why})`);
}

const MIN_SECRET_LENGTH = 32;

/** A secret in production: never its public development default, never short. */
export function secretProblems(name: string, value: string, devDefault: string): string[] {
  if (value === devDefault) return [`${name} must be set in production (the default is public)`];
  if (value.length < MIN_SECRET_LENGTH)
    return [`${name} must be at least ${MIN_SECRET_LENGTH} characters in production`];
  return [];
}
