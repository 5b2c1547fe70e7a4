import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCreditCode, type CompanySuggestion } from '@pcb/contract';
import type { DirectoryCompany } from '@pcb/contract/staff-company-directory';
import { seedCompanyDirectory } from '../src/modules/company-directory/company-directory.seed';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import {
  auditRows,
  createStaff,
  sessionFor,
  staffCall,
  type StaffSessionForTest,
} from './staff-support';

let t: TestApp;
let token: string;
let sales: StaffSessionForTest;
let engineer: StaffSessionForTest;
beforeAll(async () => {
  t = await buildTestApp();
  await t.database.db.transaction((tx) =>
    seedCompanyDirectory({
      tx,
      now: t.clock.now(),
      agreementVersion: t.config.memberAgreementVersion,
      deriveKey: t.app.platform.deriveKey,
      storage: t.app.platform.storage,
    }),
  );
  token = (await t.createMember({ mobile: uniqueMobile() })).token;
  sales = await sessionFor(t, (await createStaff(t, { roles: ['sales'] })).id);
  engineer = await sessionFor(t, (await createStaff(t, { roles: ['engineer'] })).id);
});
afterAll(async () => t?.close());

const search = (keyword: string, as = token) =>
  t.get<CompanySuggestion[]>('/api/MemberInfo/SearchCompany', { token: as, query: { keyword } });

describe('MemberInfo/SearchCompany', () => {
  it('suggests at most 10 directory names holding the fragment, those starting with it first', async () => {
    const res = await search('电子科技');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBe(10);
    for (const hit of res.body.data) {
      expect(hit.name).toContain('电子科技');
      expect(isValidCreditCode(hit.creditCode ?? '')).toBe(true);
    }
    const city = await search('深圳市');
    expect(city.body.data.length).toBe(10);
    expect(city.body.data.every((h) => h.name.startsWith('深圳市'))).toBe(true);
    // Shorter (closer) names first.
    const lengths = city.body.data.map((h) => h.name.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect((await search('不存在的公司名字')).body.data).toEqual([]);
  });

  it("adds certified members' companies, never an uncertified member's", async () => {
    const certified = await t.createMember({ mobile: uniqueMobile() });
    const uncertified = await t.createMember({ mobile: uniqueMobile() });
    await t.database.pool.query(
      `UPDATE member SET company_name = $2, member_type = 'company', certified_at = now() WHERE id = $1`,
      [certified.id, '苏州市青禾线路板有限公司'],
    );
    await t.database.pool.query(
      `UPDATE member SET company_name = $2, member_type = 'company' WHERE id = $1`,
      [uncertified.id, '苏州市青禾私密样板有限公司'],
    );
    const res = await search('青禾');
    expect(res.body.data).toEqual([{ name: '苏州市青禾线路板有限公司', creditCode: null }]);
  });

  it('needs at least 2 characters: 400 naming the field', async () => {
    const res = await search('华');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      field: 'keyword',
      message: '公司名称：至少输入2个字',
    });
    const blank = await search('   ');
    expect([blank.status, blank.body.field]).toEqual([400, 'keyword']);
    const anonymous = await t.get('/api/MemberInfo/SearchCompany', { query: { keyword: '华芯' } });
    expect(anonymous.status).toBe(401);
  });

  it('finds names by the GIN index of their letter pairs, not by a table scan', async () => {
    await t.database.pool.query(`
      INSERT INTO company_directory (name, credit_code, created_at, updated_at)
      SELECT '测试' || g || '号电子有限公司', lpad(g::text, 18, '0'), now(), now()
      FROM generate_series(1, 20000) AS g`);
    await t.database.pool.query('ANALYZE company_directory');
    const { rows } = await t.database.pool.query<{ 'QUERY PLAN': string }>(`
      EXPLAIN SELECT name, credit_code FROM company_directory
      WHERE member_search_grams(name) @> ARRAY['华芯']::text[] AND strpos(lower(name), '华芯') > 0
      ORDER BY strpos(lower(name), '华芯') = 1 DESC, char_length(name), name LIMIT 10`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('company_directory_name_grams_idx');
    expect(plan).not.toContain('Seq Scan');
    const res = await search('华芯');
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((h) => h.name.includes('华芯'))).toBe(true);
  });
});

describe('StaffCompanyDirectory', () => {
  it('adds an entry (audited) that members then find; refuses a bad credit code', async () => {
    const created = await staffCall<DirectoryCompany>(
      t,
      sales,
      'POST',
      '/api/StaffCompanyDirectory/Create',
      {
        name: '厦门市鹭岛线路板有限公司',
        creditCode: '91350100M000100Y43',
        id: 999,
        createdAt: '2000-01-01T00:00:00Z',
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: '厦门市鹭岛线路板有限公司',
      creditCode: '91350100M000100Y43',
    });
    expect(created.body.data.id).not.toBe(999);
    expect((await search('鹭岛')).body.data).toEqual([
      { name: '厦门市鹭岛线路板有限公司', creditCode: '91350100M000100Y43' },
    ]);
    const audit = await auditRows(t, "object_type = 'companyDirectory'");
    expect(audit.at(-1)).toMatchObject({
      staff_id: sales.staffId,
      action: 'StaffCompanyDirectory.Create',
      object_id: String(created.body.data.id),
      before: null,
      after: { name: '厦门市鹭岛线路板有限公司', creditCode: '91350100M000100Y43' },
    });

    const wrong = await staffCall(t, sales, 'POST', '/api/StaffCompanyDirectory/Create', {
      name: '厦门市另一家有限公司',
      creditCode: '91350100M000100Y44',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      field: 'creditCode',
      message: '统一社会信用代码：统一社会信用代码校验位不正确，请核对',
    });
    const taken = await staffCall(t, sales, 'POST', '/api/StaffCompanyDirectory/Create', {
      name: '厦门市另一家有限公司',
      creditCode: '91350100M000100Y43',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      field: 'creditCode',
      message: '名录中已有公司使用该统一社会信用代码',
    });
  });

  it('corrects an entry, audited with before and after; lists by fragment or code', async () => {
    const created = await staffCall<DirectoryCompany>(
      t,
      sales,
      'POST',
      '/api/StaffCompanyDirectory/Create',
      {
        name: '深圳市错别字电子有限公司',
        creditCode: '9144030071526726XG',
      },
    );
    const id = created.body.data.id;
    const fixed = await staffCall<DirectoryCompany>(
      t,
      sales,
      'POST',
      '/api/StaffCompanyDirectory/Update',
      {
        id,
        name: '深圳市正确电子有限公司',
        creditCode: '9144030071526726XG',
      },
    );
    expect(fixed.body.data).toMatchObject({ id, name: '深圳市正确电子有限公司' });
    const audit = await auditRows(t, "action = 'StaffCompanyDirectory.Update'");
    expect(audit.at(-1)).toMatchObject({
      object_id: String(id),
      before: { name: '深圳市错别字电子有限公司', creditCode: '9144030071526726XG' },
      after: { name: '深圳市正确电子有限公司', creditCode: '9144030071526726XG' },
    });
    const byName = await staffCall<{ items: DirectoryCompany[]; total: number }>(
      t,
      sales,
      'GET',
      '/api/StaffCompanyDirectory/List',
      { keyword: '正确电子' },
    );
    expect(byName.body.data.items.map((c) => c.id)).toEqual([id]);
    const byCode = await staffCall<{ items: DirectoryCompany[] }>(
      t,
      sales,
      'GET',
      '/api/StaffCompanyDirectory/List',
      { keyword: '9144030071526726' },
    );
    expect(byCode.body.data.items.map((c) => c.id)).toEqual([id]);
    const missing = await staffCall(t, sales, 'POST', '/api/StaffCompanyDirectory/Update', {
      id: 2_000_000_000,
      name: '深圳市正确电子有限公司',
      creditCode: '9144030071526726XG',
    });
    expect([missing.status, missing.body.message]).toEqual([404, '名录中没有这家公司']);
  });

  it('is for admin and sales only; a member token is no staff session', async () => {
    const res = await staffCall(t, engineer, 'GET', '/api/StaffCompanyDirectory/List', {});
    expect(res.status).toBe(403);
    const write = await staffCall(t, engineer, 'POST', '/api/StaffCompanyDirectory/Create', {
      name: '某某电子有限公司',
      creditCode: '91350100M000100Y43',
    });
    expect(write.status).toBe(403);
    const asMember = await t.get('/api/StaffCompanyDirectory/List', { token });
    expect(asMember.status).toBe(401);
  });
});
