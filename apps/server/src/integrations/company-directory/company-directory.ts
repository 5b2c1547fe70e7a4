import type { CompanySuggestion } from '@pcb/contract';

/**
 * Where company names come from as a member types one (MemberInfo/SearchCompany): the
 * embedded directory (our table plus certified members' companies), or a business registry
 * (Tianyancha's open API) in production.
 */
export interface CompanyDirectory {
  readonly provider: 'embedded' | 'tianyancha';
  /** At most `limit` companies whose name holds `keyword`, the best matches first. */
  search(keyword: string, limit: number): Promise<CompanySuggestion[]>;
}

export class CompanyDirectoryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CompanyDirectoryError';
  }
}

/** Names that start with the keyword first, then the shorter (closer) ones. */
export function rankSuggestions(
  keyword: string,
  hits: CompanySuggestion[],
  limit: number,
): CompanySuggestion[] {
  const needle = keyword.toLowerCase();
  const seen = new Set<string>();
  return hits
    .filter((hit) => (seen.has(hit.name) ? false : (seen.add(hit.name), true)))
    .map((hit, order) => ({ hit, order, prefix: hit.name.toLowerCase().startsWith(needle) }))
    .sort(
      (a, b) =>
        Number(b.prefix) - Number(a.prefix) ||
        a.hit.name.length - b.hit.name.length ||
        a.order - b.order,
    )
    .slice(0, limit)
    .map(({ hit }) => hit);
}
