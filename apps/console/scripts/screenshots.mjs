// Screenshots of the console's screens with mocked API answers, to look at them:
// `node apps/console/scripts/screenshots.mjs [outDir]` after `npm run build -w @pcb/console`.
// Desktop 1440×900 in Debian's Chromium; nothing here runs in the test suite.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.argv[2] ?? `${tmpdir()}/console-screenshots`;
mkdirSync(outDir, { recursive: true });

const now = Date.now();
const ago = (hours) => new Date(now - hours * 3600_000).toISOString();
const page = (items) => ({ items, total: items.length, page: 1, pageSize: 20 });
const staff = (roles) => ({
  staff: { id: 1, userName: 'demo.admin', realName: '王管理', roles, totpEnabled: true },
  csrfToken: 'csrf',
  idleTimeoutSeconds: 1800,
});
const names = ['张伟', '李娜', '王芳', '刘洋', '陈静', '杨磊', '赵敏', '黄强'];
const companies = ['深圳市示例电子有限公司', null, '杭州某某智能科技', '东莞精密电路', null];
const members = names.map((name, i) => ({
  id: 1000 + i,
  mobileMasked: `13${i}****${String(8000 + i)}`,
  userName: i % 3 ? `user${i}` : null,
  realNameMasked: `${name[0]}*`,
  companyName: companies[i % companies.length],
  memberType: companies[i % companies.length] ? 'company' : 'personal',
  status: i === 3 ? 'disabled' : i === 5 ? 'inactive' : 'active',
  gradeName: ['普通', '铜牌', '银牌', '金牌'][i % 4],
  manager: i % 2 ? { id: 2, realName: '李业务' } : null,
  createdAt: ago(24 * (30 - i)),
}));
const idCard =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="856" height="540" rx="24" fill="#e8f0fe"/><text x="60" y="120" font-size="40" fill="#345">居民身份证（示例）</text><rect x="600" y="160" width="190" height="240" fill="#c9d6ea"/><text x="60" y="220" font-size="30" fill="#345">姓名 张伟</text><text x="60" y="300" font-size="30" fill="#345">公民身份号码 4403**********1234</text></svg>',
  );
const applies = [0, 1, 2].map((i) => ({
  id: 30 + i,
  member: { id: 1000 + i, displayName: `${names[i][0]}*` },
  oldMobileMasked: `13${i}****${8000 + i}`,
  newMobileMasked: `15${i}****${9000 + i}`,
  reason: ['原手机号已注销，无法接收短信', '手机丢失，原号码停机', '公司统一更换号码'][i],
  status: 'pending',
  rejectReason: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: ago(5 + i),
}));
const announcements = [
  ['home', '五一劳动节发货安排', 'active', -48, 72],
  ['member', '会员积分规则调整', 'scheduled', 24, null],
  ['login', '系统升级维护通知', 'ended', -240, -200],
  ['home', '新品：铝基板打样 8 折', 'active', -24, null],
].map(([type, title, state, from, to], i) => ({
  id: 40 + i,
  type,
  title,
  content: `${title}：详情请见公告内容。`,
  linkUrl: i === 3 ? 'https://www.example.com/promo' : null,
  startsAt: ago(-from),
  endsAt: to === null ? null : ago(-to),
  state,
  createdAt: ago(-from + 1),
}));
const accounts = [
  ['demo.admin', '王管理', ['admin'], true],
  ['demo.sales', '李业务', ['sales'], false],
  ['demo.engineer', '赵工程', ['engineer'], false],
  ['demo.finance', '钱财务', ['finance'], true],
  ['demo.content', '孙运营', ['content', 'sales'], false],
].map(([userName, realName, roles, totp], i) => ({
  id: i + 1,
  userName,
  realName,
  roles,
  status: i === 2 ? 'disabled' : 'active',
  totpEnabled: totp,
  lastLoginAt: i === 2 ? null : ago(i * 7),
  createdAt: ago(24 * 60),
}));
const audit = [
  ['StaffMember.Reveal', 'member', '1000', null, { field: 'mobile' }],
  [
    'StaffMember.SetStatus',
    'member',
    '1003',
    { status: 'active' },
    { status: 'disabled', reason: '恶意下单' },
  ],
  [
    'StaffAnnouncement.Create',
    'announcement',
    '43',
    null,
    { title: '新品：铝基板打样 8 折', type: 'home' },
  ],
  ['StaffAccount.Update', 'staff', '3', { status: 'active' }, { status: 'disabled' }],
].map(([action, objectType, objectId, before, after], i) => ({
  id: 100 - i,
  staff: { id: 1, userName: 'demo.admin', realName: '王管理' },
  action,
  objectType,
  objectId,
  before,
  after,
  ip: '192.168.1.23',
  at: ago(i + 0.5),
}));
const outbox = [0, 1, 2].map((i) => ({
  id: 200 + i,
  mobile: `1380013800${i}`,
  kind: ['login', 'register', 'mobileApplyApproved'][i],
  text: [
    '【PCB】您的登录验证码为 123456，5分钟内有效。',
    '【PCB】您的注册验证码为 654321。',
    '【PCB】您的手机号更换申请已通过。',
  ][i],
  sentAt: ago(i),
}));

function answers(roles, overrides = {}) {
  const ok = (data) => ({ success: true, data, message: '' });
  return {
    'GET /api/StaffAuth/Me': roles
      ? ok(staff(roles))
      : { status: 401, body: { success: false, data: null, message: '请先登录' } },
    'POST /api/StaffAuth/Login': ok({
      next: 'enrollTotp',
      challenge: 'c',
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl:
        'otpauth://totp/PCB%20%E5%91%98%E5%B7%A5:demo.finance?secret=JBSWY3DPEHPK3PXP&issuer=PCB',
    }),
    'GET /api/StaffMember/Search': ok({ ...page(members), total: 1287 }),
    'GET /api/StaffMember/Get': ok({
      ...members[1],
      points: 1200,
      balance: 356789,
      agreementVersion: '2026-01',
      source: 'h5',
      activeSessions: 2,
      wechatBindings: 1,
    }),
    'POST /api/StaffMember/Reveal': ok({ value: '13100138001' }),
    'GET /api/StaffMember/ListManagers': ok([
      { id: 2, realName: '李业务', mobileMasked: '139****0002' },
      { id: 5, realName: '孙运营', mobileMasked: '139****0005' },
    ]),
    'GET /api/StaffMobileApply/List': ok(page(applies)),
    'GET /api/StaffMobileApply/Get': ok({ ...applies[0], idDocumentUrl: idCard }),
    'GET /api/StaffAnnouncement/List': ok(page(announcements)),
    'GET /api/StaffAccount/List': ok(page(accounts)),
    'GET /api/StaffAudit/List': ok(page(audit)),
    'GET /api/StaffOutbox/List': ok(page(outbox)),
    ...overrides,
  };
}

const server = await preview({ root, preview: { port: 4180, strictPort: true }, logLevel: 'warn' });
const base = 'http://127.0.0.1:4180/console';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
});

async function shoot(name, path, roles, act) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  const tab = await context.newPage();
  const table = answers(roles);
  await tab.route('**/api/**', (route) => {
    const url = new URL(route.request().url());
    const reply = table[`${route.request().method()} ${url.pathname}`];
    const { status = 200, body = reply } = reply?.status ? reply : { body: reply };
    return route.fulfill({
      status: reply ? status : 404,
      contentType: 'application/json',
      body: JSON.stringify(reply ? body : { success: false, data: null, message: '接口不存在' }),
    });
  });
  await tab.goto(`${base}${path}`);
  await tab.waitForLoadState('networkidle');
  if (act) await act(tab);
  await tab.waitForTimeout(400);
  await tab.screenshot({ path: `${outDir}/${name}.png` });
  await context.close();
  console.log(`${outDir}/${name}.png`);
}

try {
  await shoot('01-login', '/login', null);
  await shoot('02-login-enroll', '/login', null, async (tab) => {
    await tab.getByLabel('用户名').fill('demo.finance');
    await tab.getByLabel('密码').fill('Finance@2026');
    await tab.getByRole('button', { name: '登录' }).click();
    await tab.getByText('手动输入密钥').waitFor();
  });
  await shoot('03-home', '/', ['admin']);
  await shoot('04-members', '/members', ['admin']);
  await shoot('05-member-detail', '/members?member=1001', ['admin'], async (tab) => {
    await tab.getByRole('button', { name: /显示/ }).first().click();
    await tab.getByText('13100138001').waitFor();
  });
  await shoot('06-mobile-applies', '/mobile-applies?apply=30', ['sales']);
  await shoot('07-announcements', '/announcements', ['content']);
  await shoot('08-announcement-form', '/announcements', ['content'], async (tab) => {
    await tab.getByRole('button', { name: /新建公告/ }).click();
    await tab.getByRole('button', { name: '保存' }).click();
  });
  await shoot('09-staff-accounts', '/staff-accounts', ['admin']);
  await shoot('10-audit-log', '/audit-log', ['admin'], async (tab) => {
    await tab
      .getByRole('button', { name: /展开行/ })
      .nth(1)
      .click();
  });
  await shoot('11-sms-outbox', '/sms-outbox', ['admin']);
  await shoot('12-my-account', '/account', ['finance']);
  await shoot('13-forbidden', '/staff-accounts', ['sales']);
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}
