import { describe, expect, it } from 'vitest';
import { isValidCreditCode } from '@pcb/contract';
import { DEMO_COMPANY_COUNT, demoCompanies } from './company-directory.demo-data';

describe('the demo company directory', () => {
  it('is the same few hundred companies every time, names and codes unique and valid', () => {
    const companies = demoCompanies();
    expect(companies.length).toBe(DEMO_COMPANY_COUNT);
    expect(demoCompanies()).toEqual(companies);
    expect(new Set(companies.map((c) => c.name)).size).toBe(DEMO_COMPANY_COUNT);
    expect(new Set(companies.map((c) => c.creditCode)).size).toBe(DEMO_COMPANY_COUNT);
    expect(companies.every((c) => isValidCreditCode(c.creditCode))).toBe(true);
    expect(companies.every((c) => /有限公司$/.test(c.name))).toBe(true);
  });
});
