import { MemberInfo } from '@pcb/contract/member-info';
import { StaffCompanyDirectory } from '@pcb/contract/staff-company-directory';
import type { DefineRoute } from '../../http/define-route';
import type { CompanyDirectoryService } from './company-directory.service';

export function registerCompanyDirectoryRoutes(
  route: DefineRoute,
  directory: CompanyDirectoryService,
  limitSearches: (ip: string) => Promise<void>,
): void {
  route(MemberInfo.SearchCompany, async ({ input, ip }) => {
    await limitSearches(ip);
    return directory.suggest(input.keyword);
  });

  route(StaffCompanyDirectory.List, async ({ input }) => directory.list(input.keyword, input));
  route(StaffCompanyDirectory.Create, async ({ input, write }) =>
    directory.create(write(), { name: input.name, creditCode: input.creditCode }),
  );
  route(StaffCompanyDirectory.Update, async ({ input, write }) =>
    directory.update(write(), input.id, { name: input.name, creditCode: input.creditCode }),
  );
}
