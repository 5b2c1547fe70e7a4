import type { SeedContext } from '../app-module';
import { demoCompanies } from './company-directory.demo-data';
import { companyDirectory } from './company-directory.table';

/** The generated demo directory; entries staff added or corrected are never overwritten. */
export async function seedCompanyDirectory({ tx, now }: SeedContext): Promise<void> {
  const rows = demoCompanies().map((c) => ({ ...c, createdAt: now, updatedAt: now }));
  for (let i = 0; i < rows.length; i += 100) {
    await tx
      .insert(companyDirectory)
      .values(rows.slice(i, i + 100))
      .onConflictDoNothing();
  }
}
