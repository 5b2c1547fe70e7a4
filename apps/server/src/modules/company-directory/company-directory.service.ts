import { COMPANY_SEARCH_LIMIT, type CompanySuggestion } from '@pcb/contract';
import type { DirectoryCompany } from '@pcb/contract/staff-company-directory';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import {
  CompanyDirectoryError,
  type CompanyDirectory,
} from '../../integrations/company-directory/company-directory';
import type { Clock } from '../../lib/clock';
import type { CompanyDirectoryRepository, DirectoryWrite } from './company-directory.repository';
import type { CompanyDirectoryRow } from './company-directory.table';

export const DIRECTORY_NOT_FOUND_MESSAGE = '名录中没有这家公司';
export const DIRECTORY_UNAVAILABLE_MESSAGE = '公司查询暂时不可用，请直接填写公司全称';
const CONFLICT_MESSAGES: Record<DirectoryWrite, { message: string; field: string }> = {
  nameTaken: { message: '名录中已有同名公司', field: 'name' },
  creditCodeTaken: { message: '名录中已有公司使用该统一社会信用代码', field: 'creditCode' },
};

const toCompany = (row: CompanyDirectoryRow): DirectoryCompany => ({
  id: row.id,
  name: row.name,
  creditCode: row.creditCode,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const audited = (row: CompanyDirectoryRow) => ({ name: row.name, creditCode: row.creditCode });

const isConflict = (value: unknown): value is DirectoryWrite =>
  value === 'nameTaken' || value === 'creditCodeTaken';

function refuseConflict<T>(result: T | DirectoryWrite): T {
  if (isConflict(result)) {
    const { message, field } = CONFLICT_MESSAGES[result];
    throw new AppError(409, message, { field });
  }
  return result as T;
}

/** Company suggestions for members; the directory's entries as staff keep them. */
export function createCompanyDirectoryService(deps: {
  repository: CompanyDirectoryRepository;
  directory: CompanyDirectory;
  now: Clock;
  onSearchError: (err: unknown) => void;
}) {
  const { repository, now } = deps;

  return {
    async suggest(keyword: string): Promise<CompanySuggestion[]> {
      try {
        return await deps.directory.search(keyword, COMPANY_SEARCH_LIMIT);
      } catch (error) {
        if (!(error instanceof CompanyDirectoryError)) throw error;
        deps.onSearchError(error);
        throw new AppError(503, DIRECTORY_UNAVAILABLE_MESSAGE);
      }
    },

    async list(keyword: string | undefined, page: PageRequest) {
      return mapPage(await repository.list(keyword || undefined, page), (rows) =>
        rows.map(toCompany),
      );
    },

    async create(write: StaffWrite, input: { name: string; creditCode: string }) {
      const row = refuseConflict(await repository.insert(write.tx, { ...input, at: now() }));
      await write.audit('companyDirectory', row.id, null, audited(row));
      return toCompany(row);
    },

    async update(write: StaffWrite, id: number, input: { name: string; creditCode: string }) {
      const before = await repository.lock(write.tx, id);
      if (!before) throw new AppError(404, DIRECTORY_NOT_FOUND_MESSAGE);
      const after = refuseConflict(await repository.update(write.tx, id, { ...input, at: now() }));
      if (!after) throw new AppError(404, DIRECTORY_NOT_FOUND_MESSAGE);
      await write.audit('companyDirectory', id, audited(before), audited(after));
      return toCompany(after);
    },
  };
}

export type CompanyDirectoryService = ReturnType<typeof createCompanyDirectoryService>;
