import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import subsetFont from 'subset-font';

/**
 * Noto Sans SC Regular (SIL OFL 1.1), shipped as a TrueType file by an npm package so it works
 * offline. 10 MB: read once, on the first letter, never at start. Each PDF embeds only the
 * glyphs of its own text (a few KB), cut by HarfBuzz's subsetter; pdf-lib adds the ToUnicode
 * map, so the text can be searched and copied. (pdf-lib's own `subset: true` was tried: its
 * subsets of this font lose their outlines in poppler and pdf.js, though the text extracts.)
 */
const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';
let fontBytes: Promise<Uint8Array> | null = null;

function loadFont(): Promise<Uint8Array> {
  fontBytes ??= readFile(createRequire(import.meta.url).resolve(FONT_FILE)).catch((error) => {
    fontBytes = null;
    throw error;
  });
  return fontBytes;
}

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
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.45, 0.45, 0.45);

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

const CLOSING = '）》」』】，。、；：！？';

/** Splits text into lines that fit `width` (Chinese breaks anywhere; no hyphenation needed). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    // Closing punctuation stays at the end of its line, even a little past the margin.
    const closes = CLOSING.includes(char);
    if (line && !closes && font.widthOfTextAtSize(line + char, size) > width) {
      lines.push(line);
      line = '';
    }
    line += char;
  }
  if (line) lines.push(line);
  return lines;
}

/** The application letter as a one-page A4 PDF, with the member's details filled in. */
export async function renderApplicationLetter(d: LetterDetails): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
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
  const glyphs = await subsetFont(
    Buffer.from(await loadFont()),
    [...new Set(texts.join(''))].join(''),
    {
      targetFormat: 'truetype',
    },
  );
  // Without `locl`: in a run of Latin text it swaps the digits for forms poppler and pdf.js
  // space out (the credit code read "9 1 3 5…").
  const font = await doc.embedFont(glyphs, { subset: false, features: { locl: false } });
  const page: PDFPage = doc.addPage(A4);
  const width = A4[0] - MARGIN * 2;
  let y = A4[1] - 96;

  const draw = (text: string, size: number, x = MARGIN, color = INK) =>
    page.drawText(text, { x, y, size, font, color });

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
