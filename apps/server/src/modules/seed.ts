import { sql } from 'drizzle-orm';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import type { ObjectStorage } from '../integrations/oss/object-storage';
import { createObjectStorage, deriveKeyFrom } from '../platform';
import { modules } from './index';

/** Arbitrary, fixed: two instances starting together seed one after the other. */
const SEED_LOCK = 727_002;

/**
 * Demonstration data, safe to run on every start: each module seeds its own tables, in the
 * order of the module list, all in one transaction; rows are matched on natural keys and never
 * duplicated or overwritten — except a text a seed itself once wrote wrongly, corrected while
 * it is still word for word what the seed wrote (the home announcement's offer, issue 19). It
 * sits beside the list it walks: db/ knows no module (decision 0039).
 */
export async function seedDemoData(
  db: Db,
  config: Pick<Config, 'memberAgreementVersion' | 'jwt' | 'oss' | 'dataDir'>,
  options: { now?: Date; storage?: ObjectStorage } = {},
): Promise<void> {
  const agreementVersion = config.memberAgreementVersion;
  const deriveKey = deriveKeyFrom(config.jwt.secret);
  const now = options.now ?? new Date();
  const storage = options.storage ?? createObjectStorage(config);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    for (const seed of modules.seeds) await seed({ tx, agreementVersion, now, deriveKey, storage });
  });
}
