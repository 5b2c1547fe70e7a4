// The staff member search (issue 9, Measures): 100,000 members written straight into the bench
// server's database, then GET /api/StaffMember/Search timed from a staff session, one request at
// a time, with a different keyword each call so no cache flatters it. The EXPLAIN of the same
// SQL shows which index answers each kind of keyword.
import pg from 'pg';

const STAFF_SEARCH_MEMBERS = 100_000;
const searchesPerKind = Number(process.env.BENCH_STAFF_SEARCHES ?? 200);
// A role without a second factor that may search (contract: admin, sales, finance).
const staffLogin = { userName: 'sales', password: 'Staff@2026' };

// Common surnames with their pinyin (user names are pinyin and a number).
const surnames = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹'];
const surnamePinyin = (
  'wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he gao lin luo zheng ' +
  'liang xie song tang xu han feng deng cao'
).split(' ');
const givenChars = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰志建国文红海波鹏辉晓思雨欣宇浩',
];
// Company names: city, brand, trade, 有限公司 (东莞华强电路有限公司).
const cities = (
  '深圳 东莞 广州 惠州 珠海 中山 佛山 苏州 无锡 昆山 ' +
  '杭州 宁波 上海 南京 合肥 武汉 长沙 成都 西安 厦门'
).split(' ');
const brands = (
  '华强 立讯 兴森 景旺 明阳 博敏 崇达 胜宏 鹏鼎 沪电 深南 中富 超声 依顿 世运 ' +
  '金像 奥康 四会 红板 广合 迅捷 嘉立 捷多 一博 金百 龙宇 科翔 骏亚 中京 逸豪'
).split(' ');
const industries = '电子 科技 电路 智能 通信 精密 自动化 微电子 光电'.split(' ');
// Mobile network prefixes: 13x, 15x (no 154) and 18x.
const mobilePrefixes = [
  ...'0123456789'.split('').map((d) => `13${d}`),
  ...'012356789'.split('').map((d) => `15${d}`),
  ...'0123456789'.split('').map((d) => `18${d}`),
];

/**
 * Members as the server writes them: the search index is an expression index over the names
 * (member_search_grams, migration 0003), so these rows are found exactly as registered ones.
 * The mobile's last 8 digits are a bijection of the row number, so mobiles never repeat.
 * No balance: a balance is the ledger's (member_balance_guard refuses any other), written with
 * the orders' books (ledger-seed.mjs).
 */
const seedSql = `
INSERT INTO member (mobile, user_name, real_name, company_name, member_type, status, source,
  password_hash, points, account_manager_id, agreement_version,
  agreement_signed_at, created_at, updated_at)
SELECT
  ($3::text[])[1 + floor(r_mobile * cardinality($3::text[]))::int]
    || lpad(((i::bigint * 48271 + 20260601) % 100000000)::text, 8, '0'),
  CASE WHEN r_user < 0.6 THEN ($5::text[])[s] || i END,
  ($4::text[])[s] || ($6::text[])[1 + floor(r_given1 * cardinality($6::text[]))::int]
    || CASE WHEN r_given2 < 0.7
       THEN ($6::text[])[1 + floor(r_given2 / 0.7 * cardinality($6::text[]))::int] ELSE '' END,
  CASE WHEN is_company THEN
    ($7::text[])[1 + floor(r_city * cardinality($7::text[]))::int]
    || ($8::text[])[1 + floor(r_brand * cardinality($8::text[]))::int]
    || ($9::text[])[1 + floor(r_industry * cardinality($9::text[]))::int] || '有限公司' END,
  CASE WHEN is_company THEN 'company' ELSE 'personal' END,
  CASE WHEN r_status < 0.9 THEN 'active' WHEN r_status < 0.97 THEN 'inactive' ELSE 'disabled' END,
  CASE WHEN r_status BETWEEN 0.9 AND 0.97 THEN 'staff' ELSE 'self' END,
  demo.password_hash,
  floor(r_points * 5000)::int,
  CASE WHEN r_manager < 0.3
    THEN demo.managers[1 + floor(r_manager / 0.3 * cardinality(demo.managers))::int] END,
  CASE WHEN r_status < 0.9 OR r_status >= 0.97 THEN demo.agreement_version END,
  CASE WHEN r_status < 0.9 OR r_status >= 0.97 THEN created END,
  created,
  created
FROM (
  SELECT i, random() AS r_mobile, random() AS r_user, random() AS r_given1, random() AS r_given2,
    random() AS r_city, random() AS r_brand, random() AS r_industry, random() AS r_status,
    random() AS r_points, random() AS r_manager,
    1 + floor(random() * cardinality($4::text[]))::int AS s,
    random() < 0.4 AS is_company,
    now() - random() * interval '3 years' AS created
  FROM generate_series($1::int, $2::int) AS i
) AS g
CROSS JOIN (
  SELECT password_hash, agreement_version,
    (SELECT array_agg(id ORDER BY id) FROM account_manager) AS managers
  FROM member WHERE mobile = '13800138000'
) AS demo
ON CONFLICT DO NOTHING`;

const nameText = `(coalesce("member"."real_name", '') || ' ' || coalesce("member"."user_name", '') || ' ' || coalesce("member"."company_name", ''))`;

/** The letter pairs the server's parseKeyword looks for (Chinese fragments of 2+ letters). */
const pairsOf = (text) => {
  const chars = [...text.toLowerCase()];
  return [...new Set(chars.slice(0, -1).map((c, i) => `${c}${chars[i + 1]}`))];
};

/**
 * The two statements member-console.repository.ts sends for one search page (Drizzle writes
 * the same shape); checked against the server's answer before its plan is printed.
 */
function searchSql(keyword) {
  const digits = /^\d+$/.test(keyword);
  const where = digits
    ? `"member"."mobile" like $1`
    : `member_search_grams(${nameText}) @> $1::text[] and strpos(lower(${nameText}), $2) > 0`;
  const params = digits ? [`${keyword}%`] : [pairsOf(keyword), keyword.toLowerCase()];
  return {
    rows: {
      text: `select "member"."id", "member"."mobile", "member"."user_name", "member"."real_name", "member"."company_name", "member"."member_type", "member"."status", "member"."created_at", "account_manager"."id", "account_manager"."real_name" from "member" left join "account_manager" on "account_manager"."id" = "member"."account_manager_id" where ${where} order by "member"."id" desc limit 20`,
      values: params,
    },
    count: { text: `select count(*) from "member" where ${where}`, values: params },
  };
}

/** A console session (cookie and CSRF header) of a demo account without a second factor. */
export async function staffSession(base, login = staffLogin) {
  const res = await fetch(`${base}/api/StaffAuth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  const body = await res.json();
  if (!body.success || body.data.next !== 'done') {
    throw new Error(`staff login: ${res.status} ${body.message ?? body.data?.next}`);
  }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, 'x-csrf-token': body.data.session.csrfToken };
}

async function search(base, headers, keyword) {
  const started = performance.now();
  const res = await fetch(
    `${base}/api/StaffMember/Search?keyword=${encodeURIComponent(keyword)}&page=1&pageSize=20`,
    { headers },
  );
  const body = await res.json();
  const ms = performance.now() - started;
  if (!body.success) throw new Error(`search ${keyword}: ${res.status} ${body.message}`);
  return { ms, total: body.data.total, ids: body.data.items.map((m) => m.id) };
}

/** Distinct keywords of each kind drawn from the seeded rows, so every search finds someone. */
async function keywords(db) {
  const pick = async (sql) => (await db.query(sql, [searchesPerKind])).rows.map((r) => r.k);
  const prefixes4 = await pick(
    `SELECT k FROM (SELECT DISTINCT substr(mobile, 1, 4) AS k FROM member) AS d
     WHERE k <> '1380' ORDER BY random() LIMIT $1 - 1`,
  );
  return {
    mobile4: ['1380', ...prefixes4],
    mobile7: await pick(
      `SELECT k FROM (SELECT DISTINCT substr(mobile, 1, 7) AS k FROM member) AS d
       ORDER BY random() LIMIT $1`,
    ),
    // Surname and first given letter (王志), or a two-letter given name (志强).
    name2: await pick(
      `SELECT k FROM (SELECT DISTINCT CASE WHEN id % 2 = 0 OR char_length(real_name) < 3
         THEN substr(real_name, 1, 2) ELSE substr(real_name, 2, 2) END AS k
       FROM member WHERE real_name IS NOT NULL) AS d ORDER BY random() LIMIT $1`,
    ),
    // The brand (华强) or city and brand (东莞华强) of a company name.
    company: await pick(
      `SELECT k FROM (SELECT DISTINCT CASE WHEN id % 2 = 0 THEN substr(company_name, 3, 2)
         ELSE substr(company_name, 1, 4) END AS k
       FROM member WHERE company_name IS NOT NULL) AS d ORDER BY random() LIMIT $1`,
    ),
  };
}

const staffSearchKinds = {
  mobile4: '4-digit mobile prefix',
  mobile7: '7-digit mobile prefix',
  name2: '2-letter Chinese name fragment',
  company: 'company name fragment',
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const round1 = (n) => Math.round(n * 10) / 10;

/**
 * The 100,000 members, written once per bench database: the order scenario seeds its orders
 * over the same members and calls this too, so whichever runs first writes them and the other
 * finds them (their mobiles are the row numbers', so a second pass would add none anyway).
 */
export async function seedMembers(db) {
  const countMembers = async () =>
    Number((await db.query('SELECT count(*) AS n FROM member')).rows[0].n);
  const before = await countMembers();
  if (before >= STAFF_SEARCH_MEMBERS) return { seeded: 0, members: before, seedMs: 0 };
  const seedStarted = performance.now();
  const half = STAFF_SEARCH_MEMBERS / 2;
  for (const [from, to] of [
    [1, half],
    [half + 1, STAFF_SEARCH_MEMBERS],
  ]) {
    await db.query(seedSql, [
      from,
      to,
      mobilePrefixes,
      surnames,
      surnamePinyin,
      givenChars,
      cities,
      brands,
      industries,
    ]);
  }
  // VACUUM as autovacuum would in steady state: it also empties the GIN index's pending list,
  // which a search would otherwise read through.
  await db.query('VACUUM ANALYZE member');
  const seedMs = Math.round(performance.now() - seedStarted);
  const members = await countMembers();
  return { seeded: members - before, members, seedMs };
}

export async function measureStaffSearch({ base, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { seeded, members, seedMs } = await seedMembers(db);

    const headers = await staffSession(base);
    const byKind = await keywords(db);
    // Unmeasured first calls (JIT, pool connections), with keywords of no measured kind.
    for (const k of ['13', '159', '王', 'wang12', '有限公司', '科技']) {
      await search(base, headers, k);
    }
    const kinds = {};
    for (const [kind, values] of Object.entries(byKind)) {
      const runs = [];
      for (const keyword of values) runs.push(await search(base, headers, keyword));
      const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
      const totals = runs.map((r) => r.total).sort((a, b) => a - b);
      kinds[kind] = {
        searches: runs.length,
        p50Ms: round1(percentile(ms, 0.5)),
        p95Ms: round1(percentile(ms, 0.95)),
        maxMs: round1(ms[ms.length - 1]),
        medianMatches: percentile(totals, 0.5),
        maxMatches: totals[totals.length - 1],
        examples: values.slice(0, 3),
      };
    }

    const plans = {};
    for (const [kind, values] of Object.entries(byKind)) {
      const keyword = values[0];
      const sql = searchSql(keyword);
      const served = await search(base, headers, keyword);
      // Rows as arrays, as Drizzle reads them: the page selects two columns named id.
      const ids = (await db.query({ ...sql.rows, rowMode: 'array' })).rows.map((r) => r[0]);
      const total = Number((await db.query(sql.count)).rows[0].count);
      const explain = async (q) =>
        (await db.query({ ...q, text: `EXPLAIN (ANALYZE) ${q.text}` })).rows.map(
          (r) => r['QUERY PLAN'],
        );
      plans[kind] = {
        keyword,
        sameAsServer: total === served.total && ids.join() === served.ids.join(),
        rows: await explain(sql.rows),
        count: await explain(sql.count),
      };
    }
    return { seeded, members, seedMs, kinds, plans };
  } finally {
    await db.end();
  }
}

// The search's name expression as EXPLAIN spells it, shortened to one word in print.
const explainedNames =
  /\(*COALESCE\(real_name, ''::character varying\).*?COALESCE\(company_name, ''::character varying\)\)::text\)/g;

/** A plan's nodes and conditions (which index, how many rows it read) and its time. */
function planOutline(lines) {
  return lines
    .filter(
      (l, i) =>
        i === 0 ||
        /^\s*(->|Index Cond|Filter|Rows Removed by Filter)/.test(l) ||
        /^Execution Time/.test(l),
    )
    .map((l) => l.replace(explainedNames, '(names').replace(/\(cost=[^)]*\) /, ''));
}

export function printStaffSearch(r, goalMs) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  const ms = (n) => `${n.toFixed(1).padStart(5)} ms`;
  console.log(
    `\nStaff member search (GET /api/StaffMember/Search as sales, page 1 of 20 rows, one request ` +
      `at a time, a new keyword each; ${r.seeded} members seeded in ` +
      `${(r.seedMs / 1000).toFixed(1)} s, ${r.members} in the table):`,
  );
  for (const [kind, k] of Object.entries(r.kinds)) {
    console.log(
      `  ${staffSearchKinds[kind].padEnd(31)} p50 ${ms(k.p50Ms)}   p95 ${ms(k.p95Ms)}   ` +
        `goal p95 < ${goalMs} ms: ${mark(k.p95Ms < goalMs)}   (${k.searches} keywords, e.g. ` +
        `${k.examples.join(' ')}; matches median ${k.medianMatches}, max ${k.maxMatches})`,
    );
  }
  for (const [kind, p] of Object.entries(r.plans)) {
    const check = p.sameAsServer
      ? 'same rows and total as the server answered'
      : 'DIFFERS from the server: update searchSql';
    console.log(`\n  EXPLAIN ANALYZE, ${staffSearchKinds[kind]} "${p.keyword}" (${check}):`);
    for (const [name, lines] of [
      ['page', p.rows],
      ['count', p.count],
    ]) {
      console.log(`    ${name}:`);
      for (const line of planOutline(lines)) console.log(`      ${line}`);
    }
  }
}
