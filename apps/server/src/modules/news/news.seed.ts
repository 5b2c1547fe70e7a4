import { eq } from 'drizzle-orm';
import type { SeedContext } from '../app-module';
import { sanitizeNewsHtml } from './news-html';
import { news } from './news.table';

const DAY_MS = 86_400_000;

interface SeededNews {
  title: string;
  summary: string;
  content: string;
  isPinned: boolean;
  /** Published this many days before the seed. */
  daysAgo: number;
}

const articles: SeededNews[] = [
  {
    title: '春节放假及发货安排',
    summary: '1月26日至2月3日暂停生产与发货，2月4日起恢复，节前订单请于1月20日前下单。',
    isPinned: true,
    daysAgo: 1,
    content: [
      '<p>各位客户：春节将至，为保证节前订单按时交付，现将放假及发货安排通知如下。</p>',
      '<h2>放假时间</h2>',
      '<ul><li>1月26日至2月3日：暂停生产与发货，在线计价与下单照常开放；</li>',
      '<li>2月4日起：恢复生产，按下单顺序依次排产。</li></ul>',
      '<h2>节前下单建议</h2>',
      '<p><strong>1月20日</strong>前审核通过的双层板打样订单可在节前发出；多层板、SMT 贴片订单请预留更多时间。</p>',
      '<blockquote>节后前三天订单较多，交期可能顺延 1 至 2 天，敬请谅解。</blockquote>',
    ].join(''),
  },
  {
    title: '二号厂区投产，多层板产能提升 40%',
    summary: '新产线上线后 4-8 层板打样交期缩短 1 天，小批量订单支持 72 小时加急。',
    isPinned: false,
    daysAgo: 6,
    content: [
      '<p>本月二号厂区正式投产，新增一条全自动沉铜线与两台 LDI 曝光机，多层板日产能提升约 40%。</p>',
      '<h3>对您的订单意味着什么</h3>',
      '<ol><li>4-8 层板打样标准交期由 5 天缩短至 4 天；</li>',
      '<li>10㎡ 以内小批量订单支持 72 小时加急；</li>',
      '<li>阻抗板一次测试报告随货附送。</li></ol>',
      '<p>更多工艺参数请在计价页查看，或联系您的专属客户经理。</p>',
    ].join(''),
  },
  {
    title: '新增沉金 + OSP 选择性表面处理工艺',
    summary: '同一块板可在按键区沉金、其余焊盘 OSP，兼顾接触可靠性与成本。',
    isPinned: false,
    daysAgo: 14,
    content: [
      '<p>应客户需求，我们新增<strong>沉金 + OSP 选择性表面处理</strong>工艺：按键、金手指等接触区域沉金，其余焊盘做 OSP。</p>',
      '<table><thead><tr><th>工艺</th><th>适用</th><th>加价</th></tr></thead>',
      '<tbody><tr><td>沉金</td><td>按键、BGA</td><td>按面积计</td></tr>',
      '<tr><td>沉金 + OSP</td><td>消费电子主板</td><td>每款 ¥80 起</td></tr></tbody></table>',
      '<p>下单时在“表面处理”中选择“沉金+OSP”，并在备注说明沉金区域；工程审核会与您确认。</p>',
    ].join(''),
  },
  {
    title: '五一假期发货安排（草稿）',
    summary: '运营编辑中，尚未发布。',
    isPinned: false,
    daysAgo: 0,
    content: '<p>5月1日至5日正常生产，5月2日、3日暂停快递揽收。</p>',
  },
];

/** Demo news, found by title and never overwritten; the last one stays a draft. */
export async function seedNews({ tx, now }: SeedContext): Promise<void> {
  for (const [i, a] of articles.entries()) {
    const [existing] = await tx.select({ id: news.id }).from(news).where(eq(news.title, a.title));
    if (existing) continue;
    const at = new Date(now.getTime() - a.daysAgo * DAY_MS);
    const isDraft = i === articles.length - 1;
    await tx.insert(news).values({
      title: a.title,
      summary: a.summary,
      content: sanitizeNewsHtml(a.content),
      isPinned: a.isPinned,
      state: isDraft ? 'draft' : 'published',
      publishedAt: isDraft ? null : at,
      createdAt: at,
      updatedAt: at,
    });
  }
}
