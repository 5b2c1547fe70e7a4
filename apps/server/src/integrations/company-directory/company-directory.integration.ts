import { z } from 'zod';
import { missingInProduction, text, urlOr, withoutTrailingSlash } from '../../lib/settings';
import { integration } from '../integration';
import type { CompanyDirectory } from './company-directory';
import { createTianyanchaDirectory } from './tianyancha-directory';

/**
 * Company names as members type them: without a Tianyancha token the embedded directory (our
 * table and certified members' companies); production refuses that.
 */
export type CompanyDirectoryConfig =
  { provider: 'embedded' } | { provider: 'tianyancha'; token: string; apiBase: string };

/** The business registry company names come from (Tianyancha), or the embedded directory. */
export const companyDirectoryIntegration = integration({
  env: z.object({
    TIANYANCHA_TOKEN: text(),
    TIANYANCHA_API_BASE: urlOr('http://open.api.tianyancha.com'),
  }),
  problems: (env, { isProduction }) =>
    isProduction
      ? missingInProduction(
          env,
          ['TIANYANCHA_TOKEN'],
          'the embedded company directory cannot be used there',
        )
      : [],
  settings: (env): CompanyDirectoryConfig =>
    env.TIANYANCHA_TOKEN
      ? {
          provider: 'tianyancha',
          token: env.TIANYANCHA_TOKEN,
          apiBase: withoutTrailingSlash(env.TIANYANCHA_API_BASE),
        }
      : { provider: 'embedded' },
  create: (
    settings,
    _context: object,
    options: {
      /** A business registry instead of the one the environment selects (tests). */
      companyRegistry?: CompanyDirectory;
    },
  ) => ({
    provides: {
      /**
       * The business registry company names come from (Tianyancha), or null for the embedded
       * directory, which the company-directory module builds on its own table.
       */
      companyRegistry:
        options.companyRegistry ??
        (settings.provider === 'tianyancha' ? createTianyanchaDirectory(settings) : null),
    },
  }),
});
