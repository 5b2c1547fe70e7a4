import type { PDFPage } from 'pdf-lib';
import { embedCjkFont, pdfTools, wrap } from '../../lib/cjk-pdf';

export interface LetterDetails {
  companyName: string | null;
  creditCode: string | null;
  legalPerson: string | null;
  /** The member account the certification is for (user name or mobile). */
  account: string;
  /** The day it was generated, China time (YYYY-MM-DD). */
  date: string;
}

const BLANK = '＿＿＿＿＿＿＿＿＿＿＿＿＿＿';
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;
/** Text and label colours (RGB, 0–1). */
type Rgb = readonly [number, number, number];
const INK: Rgb = [0.1, 0.1, 0.1];
const MUTED: Rgb = [0.45, 0.45, 0.45];

export const letterTitle = '企业认证申请函';
const ADDRESSEE = '致：会员中心运营方';
const SIGNATURE = [
  '法定代表人（签字）：',
  '单位（盖章）：',
  '日期：\u3000\u3000\u3000年\u3000\u3000月\u3000\u3000日',
];
const FOOTNOTE = '请打印本函，由法定代表人签字并加盖公章后，拍照或扫描上传至企业认证页面。';

/** The body of the letter, in the member's words. */
export function letterParagraphs(d: LetterDetails): string[] {
  const company = d.companyName ?? BLANK;
  const code = d.creditCode ?? BLANK;
  return [
    `我单位${company}（统一社会信用代码：${code}）现申请将会员账号 ${d.account} 认证为本单位的企业会员账号。`,
    '我单位承诺：所提交的营业执照及其他认证资料真实、合法、有效；该账号在平台上的询价、下单、付款、对账及开票等行为均代表我单位，由我单位承担相应责任。上述信息如有变更，我单位将及时更新认证资料。',
    '特此申请。',
  ];
}

/** The application letter as a one-page A4 PDF, with the member's details filled in. */
export async function renderApplicationLetter(d: LetterDetails): Promise<Uint8Array> {
  const { pdf, fontkit } = await pdfTools();
  const doc = await pdf.PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(letterTitle);
  doc.setLanguage('zh-CN');
  doc.setCreator('会员中心');
  const rows: [string, string][] = [
    ['企业名称', d.companyName ?? BLANK],
    ['统一社会信用代码', d.creditCode ?? BLANK],
    ['法定代表人', d.legalPerson ?? BLANK],
    ['会员账号', d.account],
    ['申请日期', d.date],
  ];
  const paragraphs = letterParagraphs(d).map((p) => `\u3000\u3000${p}`);
  const texts = [
    letterTitle,
    ADDRESSEE,
    ...paragraphs,
    ...rows.flatMap(([label, value]) => [`${label}：`, value]),
    ...SIGNATURE,
    FOOTNOTE,
  ];
  const font = await embedCjkFont(doc, texts);
  const page: PDFPage = doc.addPage(A4);
  const width = A4[0] - MARGIN * 2;
  let y = A4[1] - 96;

  const draw = (text: string, size: number, x = MARGIN, color = INK) =>
    page.drawText(text, { x, y, size, font, color: pdf.rgb(...color) });

  const titleSize = 22;
  draw(letterTitle, titleSize, (A4[0] - font.widthOfTextAtSize(letterTitle, titleSize)) / 2);
  y -= 56;
  draw(ADDRESSEE, 12);
  y -= 32;

  for (const paragraph of paragraphs) {
    const lines = wrap(paragraph, font, 12, width);
    for (const line of lines) {
      draw(line, 12);
      y -= 22;
    }
    y -= 8;
  }

  y -= 12;
  for (const [label, value] of rows) {
    draw(`${label}：`, 12, MARGIN, MUTED);
    draw(value, 12, MARGIN + 120);
    y -= 26;
  }

  y -= 48;
  const right = MARGIN + width / 2;
  draw('法定代表人（签字）：', 12, right);
  y -= 40;
  draw('单位（盖章）：', 12, right);
  y -= 40;
  draw('日期：\u3000\u3000\u3000年\u3000\u3000月\u3000\u3000日', 12, right);

  y = MARGIN;
  draw(
    '请打印本函，由法定代表人签字并加盖公章后，拍照或扫描上传至企业认证页面。',
    9,
    MARGIN,
    MUTED,
  );
  return doc.save();
}
