import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, type UploadTicket } from '@pcb/contract';
import type { CompanyApply } from '@pcb/contract/member-company-apply';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import {
  auditRows,
  createStaff,
  sessionFor,
  staffCall,
  type StaffSessionForTest,
} from './staff-support';
import { uploadAs, uploadIdentityDocument } from './upload-support';

let t: TestApp;
let sales: StaffSessionForTest;
beforeAll(async () => {
  t = await buildTestApp();
  sales = await sessionFor(t, (await createStaff(t, { roles: ['sales'], realName: '陈业务' })).id);
});
afterAll(async () => t?.close());

const CODES = [
  '91350100M000100Y43',
  '91110108551385082Q',
  '91440300708461136T',
  '91310000MA1FL5KX54',
  '91440300MA5G0XW2AB',
  '121000004000003980',
];

async function newMember() {
  const mobile = uniqueMobile();
  const { id, token } = await t.createMember({ mobile });
  return { id, token, mobile };
}

/** A valid application of this member: their own licence photo and signed letter. */
async function formOf(token: string, creditCode: string, companyName = '深圳华创电子有限公司') {
  return {
    companyName,
    creditCode,
    legalPerson: '张华',
    contactName: '李工',
    contactPhone: '0755-86001234',
    licenseKey: await uploadAs(t, token, 'companyLicense', '.png'),
    letterKey: await uploadAs(t, token, 'companyLetter', '.pdf', Buffer.from('%PDF-1.7 letter')),
  };
}

const put = <T = CompanyApply>(action: 'Save' | 'Update', token: string, body: unknown) =>
  t.request<T>({
    method: 'PUT',
    url: `/api/MemberCompanyApply/${action}`,
    headers: { authorization: `Bearer ${token}` },
    payload: body as Record<string, unknown>,
  });

const getApply = async (token: string) =>
  (await t.get<CompanyApply | null>('/api/MemberCompanyApply/Get', { token })).body.data;

const approve = (id: number) =>
  staffCall(t, sales, 'POST', '/api/StaffCompanyApply/Approve', { id });
const reject = (id: number, reason: string) =>
  staffCall(t, sales, 'POST', '/api/StaffCompanyApply/Reject', { id, reason });

describe('enterprise certification: the member side', () => {
  it('moves none → pending → rejected → pending (resubmitted) → approved, and then stays', async () => {
    const m = await newMember();
    expect(await getApply(m.token)).toBeNull();

    const form = await formOf(m.token, CODES[0]!);
    const saved = await put('Save', m.token, form);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      companyName: '深圳华创电子有限公司',
      creditCode: '91350100M000100Y43',
      legalPerson: '张华',
      contactName: '李工',
      contactPhone: '0755-86001234',
      status: 'pending',
      rejectReason: null,
      decidedAt: null,
    });
    // The member previews their own files through short-lived links.
    const preview = await t.app.inject({ method: 'GET', url: saved.body.data.letterUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toBe('%PDF-1.7 letter');

    // Save only from none.
    const again = await put('Save', m.token, form);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('您已提交过企业认证申请，请在原申请上修改');

    // Pending: the member edits it.
    const edited = await put('Update', m.token, {
      ...form,
      companyName: '深圳华创电子科技有限公司',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id: saved.body.data.id,
      companyName: '深圳华创电子科技有限公司',
      status: 'pending',
    });

    const rejected = await reject(saved.body.data.id, '营业执照照片不清晰');
    expect(rejected.status).toBe(200);
    expect(await getApply(m.token)).toMatchObject({
      status: 'rejected',
      rejectReason: '营业执照照片不清晰',
      decidedAt: t.clock.now().toISOString(),
    });

    // A rejected application goes back to pending when resubmitted.
    const resubmitted = await put('Update', m.token, {
      ...form,
      companyName: '深圳华创电子科技有限公司',
      licenseKey: await uploadAs(t, m.token, 'companyLicense', '.jpg'),
    });
    expect(resubmitted.body.data).toMatchObject({
      status: 'pending',
      rejectReason: null,
      decidedAt: null,
    });

    t.clock.advance(60_000);
    expect((await approve(saved.body.data.id)).status).toBe(200);
    expect(await getApply(m.token)).toMatchObject({ status: 'approved', rejectReason: null });
    const info = await t.get<{ companyName: string; memberType: string; certifiedAt: string }>(
      '/api/MemberInfo/Get',
      { token: m.token },
    );
    expect(info.body.data).toMatchObject({
      companyName: '深圳华创电子科技有限公司',
      memberType: 'company',
      certifiedAt: t.clock.now().toISOString(),
    });

    // Approved is final.
    const late = await put('Update', m.token, form);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('企业认证已通过，不能再修改');
    expect((await put('Save', m.token, form)).status).toBe(409);
    const twice = await approve(saved.body.data.id);
    expect(twice.status).toBe(409);

    const audits = await auditRows(t, `object_type = 'companyApply' AND object_id = $1`, [
      String(saved.body.data.id),
    ]);
    expect(audits.map((a) => a.action)).toEqual([
      'StaffCompanyApply.Reject',
      'StaffCompanyApply.Approve',
    ]);
    expect(audits[1]).toMatchObject({
      staff_id: sales.staffId,
      before: { status: 'pending', memberId: m.id },
      after: {
        status: 'approved',
        companyName: '深圳华创电子科技有限公司',
        creditCode: '91350100M000100Y43',
      },
    });
  });

  it('Update before any Save is not found', async () => {
    const m = await newMember();
    const res = await put('Update', m.token, await formOf(m.token, CODES[1]!));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('尚未提交企业认证申请');
  });

  it('ignores unknown fields: the status, the member and the id are never written', async () => {
    const m = await newMember();
    const other = await newMember();
    const res = await put('Save', m.token, {
      ...(await formOf(m.token, CODES[2]!)),
      status: 'approved',
      memberId: other.id,
      id: 1,
      decidedBy: sales.staffId,
      rejectReason: 'x',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('pending');
    const { rows } = await t.database.pool.query(
      'SELECT member_id, status, decided_by, reject_reason FROM member_company_apply WHERE id = $1',
      [res.body.data.id],
    );
    expect(rows[0]).toEqual({
      member_id: m.id,
      status: 'pending',
      decided_by: null,
      reject_reason: null,
    });
    expect(await getApply(other.token)).toBeNull();
  });

  it('refuses bad input with 400 naming the field', async () => {
    const m = await newMember();
    const form = await formOf(m.token, CODES[3]!);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { creditCode: '91310000MA1FL5KX55' },
        'creditCode',
        '统一社会信用代码：统一社会信用代码校验位不正确，请核对',
      ],
      [{ creditCode: '9131000' }, 'creditCode', '统一社会信用代码：应为18位统一社会信用代码'],
      [{ companyName: ' ' }, 'companyName', '企业名称：请填写营业执照上的企业名称'],
      [{ contactPhone: '12345' }, 'contactPhone', '联系电话：请输入手机号或带区号的固定电话'],
      [{ legalPerson: '张\u0000华' }, 'legalPerson', '法定代表人：不能包含控制字符或无效字符'],
      [{ licenseKey: '' }, 'licenseKey', '营业执照：请上传营业执照'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await put('Save', m.token, { ...form, ...patch });
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({ success: false, field, message });
    }
    const missing = await put('Save', m.token, { ...form, letterKey: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('letterKey');
    // A code typed in lower case with spaces is the same code.
    const ok = await put('Save', m.token, { ...form, creditCode: ' 91310000ma1fl5kx54 ' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.creditCode).toBe('91310000MA1FL5KX54');
  });

  it('refuses file keys that are not the member’s own uploads of the right kind', async () => {
    const m = await newMember();
    const stranger = await newMember();
    const form = await formOf(m.token, CODES[4]!);
    const strangersLicence = await uploadAs(t, stranger.token, 'companyLicense', '.png');
    const identityDocument = await uploadIdentityDocument(t, m.token);
    const licenceAsLetter = await uploadAs(t, m.token, 'companyLicense', '.png');
    const ticket = await t.get<UploadTicket>('/api/Common/getUploadCode', {
      token: m.token,
      query: { dirType: 'companyLicense', fileExt: '.png' },
    });
    const neverUploaded = `${ticket.body.data.dir}${ticket.body.data.filename}${ticket.body.data.fileExt}`;
    const cases: [Record<string, string>, string, string][] = [
      [{ licenseKey: strangersLicence }, 'licenseKey', '营业执照文件无效，请重新上传'],
      [{ licenseKey: identityDocument }, 'licenseKey', '营业执照文件无效，请重新上传'],
      [{ licenseKey: neverUploaded }, 'licenseKey', '营业执照文件无效，请重新上传'],
      [{ licenseKey: 'companyLicense/1/x.png' }, 'licenseKey', '营业执照文件无效，请重新上传'],
      [{ letterKey: licenceAsLetter }, 'letterKey', '认证申请函文件无效，请重新上传'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await put('Save', m.token, { ...form, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body).toMatchObject({ success: false, field, message });
    }
    expect(await getApply(m.token)).toBeNull();
    // A licence may not be a PDF: no ticket is issued for one.
    const pdfLicence = await t.get('/api/Common/getUploadCode', {
      token: m.token,
      query: { dirType: 'companyLicense', fileExt: '.pdf' },
    });
    expect(pdfLicence.status).toBe(400);
    expect(pdfLicence.body.message).toBe('不支持的文件类型');
  });

  it('keeps members apart: each sees and edits only their own application', async () => {
    const a = await newMember();
    const b = await newMember();
    const saved = await put('Save', a.token, await formOf(a.token, '91440300MA5G0XW2AB', 'A公司'));
    expect(saved.status).toBe(200);
    expect(await getApply(b.token)).toBeNull();
    const bUpdate = await put('Update', b.token, await formOf(b.token, CODES[5]!, 'B公司'));
    expect(bUpdate.status).toBe(404);
    expect((await getApply(a.token))?.companyName).toBe('A公司');
  });

  it('refuses a credit code another member is certified for, at Save and at approval', async () => {
    const code = '91440300708461136T';
    const first = await newMember();
    const second = await newMember();
    const third = await newMember();
    const firstSaved = await put('Save', first.token, await formOf(first.token, code, '甲公司'));
    // Two applications for one company while neither is approved are allowed…
    const secondSaved = await put('Save', second.token, await formOf(second.token, code, '甲公司'));
    expect(secondSaved.status).toBe(200);
    expect((await approve(firstSaved.body.data.id)).status).toBe(200);
    // …but only one approval: the second is refused and nothing of it is written.
    const refused = await approve(secondSaved.body.data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('该统一社会信用代码已被其他账号认证');
    expect((await getApply(second.token))?.status).toBe('pending');
    const { rows } = await t.database.pool.query(
      'SELECT member_type, certified_at FROM member WHERE id = $1',
      [second.id],
    );
    expect(rows[0]).toEqual({ member_type: 'personal', certified_at: null });
    expect(
      await auditRows(t, `action = 'StaffCompanyApply.Approve' AND object_id = $1`, [
        String(secondSaved.body.data.id),
      ]),
    ).toEqual([]);
    // A new submission with the certified code is refused up front.
    const late = await put('Save', third.token, await formOf(third.token, code, '甲公司'));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      field: 'creditCode',
      message: '该统一社会信用代码已被其他账号认证',
    });
  });

  it('two Saves at once make one application', async () => {
    const m = await newMember();
    const forms = await Promise.all([
      formOf(m.token, '91110108551385082Q', '并发一'),
      formOf(m.token, '91110108551385082Q', '并发二'),
    ]);
    const results = await Promise.all(forms.map((form) => put('Save', m.token, form)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM member_company_apply WHERE member_id = $1',
      [m.id],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('the application letter (PDF)', () => {
  it('is a PDF named 企业认证申请函.pdf with the member’s details and the letter in Chinese', async () => {
    const m = await newMember();
    await put(
      'Save',
      m.token,
      await formOf(m.token, '121000004000003980', '深圳市光明线路板有限公司'),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/MemberCompanyApply/GetApplyFileTemplate',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="company-certification-letter.pdf"; filename*=UTF-8''${encodeURIComponent('企业认证申请函.pdf')}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(pdf.numPages).toBe(1);
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('企业认证申请函');
    expect(flat).toContain('深圳市光明线路板有限公司');
    expect(flat).toContain('121000004000003980');
    expect(flat).toContain('张华');
    expect(flat).toContain(m.mobile);
    expect(flat).toContain('特此申请');
    const chinaToday = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(flat).toContain(chinaToday);
  });

  /** The letter of a member whose application names `companyName`, and its text. */
  async function letterOf(companyName: string) {
    const m = await newMember();
    const first17 = `9144030070${m.mobile.slice(-7)}`;
    const code = first17 + creditCodeCheckChar(first17)!;
    const saved = await put('Save', m.token, await formOf(m.token, code, companyName));
    expect(saved.body).toMatchObject({ success: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/MemberCompanyApply/GetApplyFileTemplate',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.statusCode).toBe(200);
    const pdf = new Uint8Array(res.rawPayload);
    const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
    return { pdf, text: text.replace(/\s+/g, '') };
  }

  /** The font program the PDF embeds (its one TrueType font). */
  async function embeddedFont(pdf: Uint8Array) {
    const doc = await PDFDocument.load(pdf);
    const descriptors = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (o): o is PDFDict =>
          o instanceof PDFDict && o.get(PDFName.Type) === PDFName.of('FontDescriptor'),
      );
    expect(descriptors).toHaveLength(1);
    const file = doc.context.lookup(descriptors[0]!.get(PDFName.of('FontFile2')));
    if (!(file instanceof PDFRawStream)) throw new Error('the font program is not embedded');
    return fontkit.create(Buffer.from(decodePDFRawStream(file).decode()));
  }

  it('draws a company name of less common characters with real glyphs of the embedded font', async () => {
    const name = '深圳市喆昇堃珺鑫淼电子（集团）有限公司·A3';
    const { pdf, text } = await letterOf(name);
    expect(text).toContain(name);
    const font = await embeddedFont(pdf);
    for (const char of `${name}企业认证申请函特此申请`) {
      const glyph = font.glyphForCodePoint(char.codePointAt(0)!);
      expect(glyph.id, char).toBeGreaterThan(0);
      // An outline, not an empty box: a glyph with ink has a non-empty bounding box.
      expect(glyph.path.bbox.width * glyph.path.bbox.height, char).toBeGreaterThan(0);
    }
  });

  it('still prints the letter when the company name has a character outside the font', async () => {
    // 𠮷 (U+20BB7, as in 𠮷野家) is in neither GB 2312 nor the 通用规范汉字表.
    const { pdf, text } = await letterOf('上海𠮷野家餐饮有限公司');
    expect(text).toContain('野家餐饮有限公司');
    expect(text).toContain('特此申请');
    const font = await embeddedFont(pdf);
    expect(font.glyphForCodePoint('野'.codePointAt(0)!).id).toBeGreaterThan(0);
  });

  it('before an application, leaves the company blank to fill by hand', async () => {
    const m = await newMember();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/MemberCompanyApply/GetApplyFileTemplate',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
      mergePages: true,
    });
    expect(text.replace(/\s+/g, '')).toContain(
      `现申请将会员账号${m.mobile}认证为本单位的企业会员账号`,
    );
  });

  it('answers 401 with the envelope without a login', async () => {
    const res = await t.get('/api/MemberCompanyApply/GetApplyFileTemplate');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('enterprise certification: the staff side', () => {
  it('lists pending applications and shows one with links to the licence and the letter', async () => {
    const m = await newMember();
    const saved = await put(
      'Save',
      m.token,
      await formOf(m.token, '91350100M000100Y43', '待审公司'),
    );
    // 91350100M000100Y43 is certified by the first test's member: Save refused. Use a fresh one.
    expect(saved.status).toBe(409);
    const ok = await put('Save', m.token, await formOf(m.token, '91310000MA1FL5KX54', '待审公司'));
    expect(ok.status).toBe(200);
    const list = await staffCall<{ items: { id: number; companyName: string; status: string }[] }>(
      t,
      sales,
      'GET',
      '/api/StaffCompanyApply/List',
      { status: 'pending' },
    );
    expect(list.body.data.items.find((i) => i.id === ok.body.data.id)).toMatchObject({
      companyName: '待审公司',
      status: 'pending',
    });
    const one = await staffCall<{ licenseUrl: string; letterUrl: string; letterIsPdf: boolean }>(
      t,
      sales,
      'GET',
      '/api/StaffCompanyApply/Get',
      { id: ok.body.data.id },
    );
    expect(one.body.data.letterIsPdf).toBe(true);
    const licence = await t.app.inject({ method: 'GET', url: one.body.data.licenseUrl });
    expect(licence.statusCode).toBe(200);
    expect(licence.body).toBe('\x89PNG\r\n\x1a\n test');
    const missing = await staffCall(t, sales, 'GET', '/api/StaffCompanyApply/Get', {
      id: 2_000_000_000,
    });
    expect(missing.status).toBe(404);
  });

  it('rejects only with a reason', async () => {
    const m = await newMember();
    const saved = await put(
      'Save',
      m.token,
      await formOf(m.token, '91440300MA5G0XW2AB', '驳回公司'),
    );
    const res = await reject(saved.body.data.id, ' ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'reason', message: '驳回原因：请填写驳回原因' });
    expect((await getApply(m.token))?.status).toBe('pending');
  });
});
