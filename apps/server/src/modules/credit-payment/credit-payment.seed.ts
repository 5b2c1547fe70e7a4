import type { SeedContext } from '../app-module';

/** Filled in below once the demo story is written. */
export async function seedCredit(_ctx: SeedContext): Promise<void> {}
