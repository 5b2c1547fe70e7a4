import { isValidCreditCode, type CompanySuggestion } from '@pcb/contract';
import { CompanyDirectoryError, rankSuggestions, type CompanyDirectory } from './company-directory';

export interface TianyanchaConfig {
  /** The open platform's token, sent as the Authorization header. */
  token: string;
  /** http://open.api.tianyancha.com by default. */
  apiBase: string;
  timeoutMs?: number;
}

/** Tianyancha's search answer (search 2.0): error_code 0 with items, 300000 for none. */
interface SearchAnswer {
  error_code?: number;
  reason?: string;
  result?: { total?: number; items?: { name?: unknown; creditCode?: unknown }[] } | null;
}

/** Tianyancha's "经查无结果" (no result). */
const NO_RESULT = 300000;
/** Its search answers at most this many a page. */
const MAX_PAGE_SIZE = 20;

/** Search highlights the keyword (`<em>华强</em>`); a name is plain text. */
const plainName = (value: string) => value.replace(/<[^>]*>/g, '').trim();

/**
 * The business registry in production: Tianyancha open platform's company search,
 * `GET {apiBase}/services/open/search/2.0?word=&pageSize=&pageNum=1` with the token in the
 * Authorization header. A failure is a CompanyDirectoryError; the member can still type the
 * name in full.
 */
export function createTianyanchaDirectory(
  config: TianyanchaConfig,
  fetchImpl: typeof fetch = fetch,
): CompanyDirectory {
  return {
    provider: 'tianyancha',
    async search(keyword, limit) {
      const url = new URL('/services/open/search/2.0', config.apiBase);
      url.searchParams.set('word', keyword);
      url.searchParams.set('pageSize', String(Math.min(limit, MAX_PAGE_SIZE)));
      url.searchParams.set('pageNum', '1');
      let answer: SearchAnswer;
      try {
        const res = await fetchImpl(url, {
          headers: { Authorization: config.token, Accept: 'application/json' },
          signal: AbortSignal.timeout(config.timeoutMs ?? 3000),
        });
        if (!res.ok) throw new CompanyDirectoryError(`Tianyancha answered HTTP ${res.status}`);
        answer = (await res.json()) as SearchAnswer;
      } catch (error) {
        if (error instanceof CompanyDirectoryError) throw error;
        throw new CompanyDirectoryError('Tianyancha search call failed', { cause: error });
      }
      if (answer.error_code === NO_RESULT) return [];
      if (answer.error_code !== 0) {
        throw new CompanyDirectoryError(
          `Tianyancha search refused: ${answer.error_code} ${answer.reason ?? ''}`.trim(),
        );
      }
      const hits: CompanySuggestion[] = (answer.result?.items ?? []).flatMap((item) => {
        if (typeof item.name !== 'string') return [];
        const name = plainName(item.name);
        if (!name) return [];
        const code = typeof item.creditCode === 'string' ? item.creditCode.trim() : '';
        return [{ name, creditCode: isValidCreditCode(code) ? code : null }];
      });
      return rankSuggestions(keyword, hits, limit);
    },
  };
}
