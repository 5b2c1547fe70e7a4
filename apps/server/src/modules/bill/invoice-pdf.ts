import { yuan } from '@pcb/pricing';
import { invoiceTypeNames, type ProfileSnapshot } from '@pcb/contract';
import { embedCjkFont, pdfTools, wrap } from '../../lib/cjk-pdf';

export interface GeneratedInvoice {
  invoiceNo: string;
  /** China day of issue, YYYY-MM-DD. */
  date: string;
  profile: ProfileSnapshot;
  lines: { orderNo: string; amount: number }[];
  total: number;
  seller: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const SANDBOX_MARK = '测试环境生成 · 非税务机关开具 · 不作报销凭证';

/**
 * An e-invoice made by the server outside production (decision 0069): the request's data in
 * the letter's CJK font, marked as not a tax document. Production issues with the tax bureau's
 * own PDF (a staff upload).
 */
export async function renderGeneratedInvoice(inv: GeneratedInvoice): Promise<Uint8Array> {
  const { pdf, fontkit } = await pdfTools();
  const doc = await pdf.PDFDocument.create();
  doc.registerFontkit(fontkit);
  const title = `电子发票（${invoiceTypeNames[inv.profile.invoiceType]}）`;
  doc.setTitle(title);
  doc.setLanguage('zh-CN');
  doc.setCreator('会员中心');
  const p = inv.profile;
  const buyer: [string, string][] = [
    ['名称', p.title],
    ...(p.taxNumber ? ([['纳税人识别号', p.taxNumber]] as [string, string][]) : []),
    ...(p.registeredAddress
      ? ([['地址、电话', `${p.registeredAddress} ${p.registeredPhone ?? ''}`]] as [
          string,
          string,
        ][])
      : []),
    ...(p.bankName
      ? ([['开户行及账号', `${p.bankName} ${p.bankAccount ?? ''}`]] as [string, string][])
      : []),
  ];
  const head: [string, string][] = [
    ['发票号码', inv.invoiceNo],
    ['开票日期', inv.date],
  ];
  const lineTexts = inv.lines.map((l) => [`*电子元件*印制电路板 ${l.orderNo}`, yuan(l.amount)]);
  const totalText = `价税合计：${yuan(inv.total)}`;
  const texts = [
    title,
    SANDBOX_MARK,
    '购买方',
    '销售方',
    '项目名称',
    '金额（含税）',
    inv.seller,
    totalText,
    ...head.flat(),
    ...buyer.flat(),
    ...lineTexts.flat(),
    '：',
    '…',
  ];
  const font = await embedCjkFont(doc, texts);
  const page = doc.addPage(A4);
  const ink = pdf.rgb(0.1, 0.1, 0.1);
  const red = pdf.rgb(0.7, 0.1, 0.1);
  let y = A4[1] - 80;
  const draw = (text: string, size: number, x = MARGIN, color = ink) =>
    page.drawText(text, { x, y, size, font, color });

  draw(title, 20, (A4[0] - font.widthOfTextAtSize(title, 20)) / 2, red);
  y -= 24;
  draw(SANDBOX_MARK, 10, (A4[0] - font.widthOfTextAtSize(SANDBOX_MARK, 10)) / 2, red);
  y -= 36;
  for (const [label, value] of head) {
    draw(`${label}：${value}`, 11, A4[0] - MARGIN - 200);
    y -= 18;
  }
  y -= 12;
  draw('购买方', 12);
  y -= 20;
  for (const [label, value] of buyer) {
    for (const line of wrap(`${label}：${value}`, font, 11, A4[0] - MARGIN * 2)) {
      draw(line, 11, MARGIN + 12);
      y -= 18;
    }
  }
  y -= 12;
  draw('项目名称', 11);
  draw('金额（含税）', 11, A4[0] - MARGIN - 100);
  y -= 18;
  const shown = inv.lines.slice(0, 28);
  for (const [name, amount] of lineTexts.slice(0, shown.length)) {
    draw(name!, 10, MARGIN + 12);
    draw(amount!, 10, A4[0] - MARGIN - 100);
    y -= 16;
  }
  if (inv.lines.length > shown.length) {
    draw('…', 10, MARGIN + 12);
    y -= 16;
  }
  y -= 12;
  draw(totalText, 13);
  y -= 30;
  draw(`销售方：${inv.seller}`, 11);
  return doc.save();
}
