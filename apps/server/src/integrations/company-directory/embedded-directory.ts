import type { CompanySuggestion } from '@pcb/contract';
import { rankSuggestions, type CompanyDirectory } from './company-directory';

/** One place names come from: the directory table, certified members' companies. */
export type CompanySource = (keyword: string, limit: number) => Promise<CompanySuggestion[]>;

/**
 * The default directory, with no outside service: every source is asked (each by its index),
 * the answers merged, a name once, the best first. Refused in production (configuration).
 */
export function createEmbeddedCompanyDirectory(sources: CompanySource[]): CompanyDirectory {
  return {
    provider: 'embedded',
    async search(keyword, limit) {
      const answers = await Promise.all(sources.map((source) => source(keyword, limit)));
      return rankSuggestions(keyword, answers.flat(), limit);
    },
  };
}
