import { createAddressLimit } from '../../http/address-limit';
import { createEmbeddedCompanyDirectory } from '../../integrations/company-directory/embedded-directory';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import { createCompanyDirectoryRepository } from './company-directory.repository';
import { registerCompanyDirectoryRoutes } from './company-directory.routes';
import { seedCompanyDirectory } from './company-directory.seed';
import { createCompanyDirectoryService } from './company-directory.service';

export const COMPANY_SEARCH_RATE_LIMITED_MESSAGE = '公司查询过于频繁，请稍后再试';

/**
 * Company names suggested as a member types one (MemberInfo/SearchCompany): a business
 * registry in production, else the embedded directory (this module's table plus certified
 * members' companies); sales and admin staff keep the table.
 */
export const companyDirectoryModule = appModule({
  seed: seedCompanyDirectory,
  create: (
    {
      db,
      now,
      companyRegistry,
      logError,
      store,
      config,
    }: Pick<Platform, 'db' | 'now' | 'companyRegistry' | 'logError' | 'store' | 'config'>,
    { member }: { member: MemberApi },
  ) => {
    const repository = createCompanyDirectoryRepository(db);
    const directory =
      companyRegistry ??
      createEmbeddedCompanyDirectory([
        repository.search,
        async (keyword, limit) =>
          (await member.profiles.searchCertifiedCompanies(keyword, limit)).map((name) => ({
            name,
            creditCode: null,
          })),
      ]);
    const service = createCompanyDirectoryService({
      repository,
      directory,
      now,
      onSearchError: logError('company directory search failed'),
    });
    // Each suggestion may be a paid registry call: a budget per client address.
    const limitSearches = createAddressLimit({
      store,
      now,
      name: 'company-search',
      perMinute: config.rateLimits.companySearchesPerMinute,
      message: COMPANY_SEARCH_RATE_LIMITED_MESSAGE,
    });
    return {
      routes: (route) => registerCompanyDirectoryRoutes(route, service, limitSearches),
    };
  },
});
