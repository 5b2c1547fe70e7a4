/** The sandbox's pages: the mobile cashier, and Alipay-like notices (closed, paid, errors). */

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// Alipay's blue, darkened until white text on it passes AA (5.8:1).
const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f5f5f5;font:16px/1.5 -apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1f1f1f}
main{max-width:375px;margin:0 auto;min-height:100vh;background:#fff;padding:24px 20px}
.brand{margin:0 0 24px;font-size:14px;color:#595959}
.brand b{color:#0b5ed7}
h1{margin:0;text-align:center;font-size:36px;font-weight:600}
.subject{margin:8px 0 24px;text-align:center;color:#434343;word-break:break-all}
dl{margin:0 0 32px;padding:12px 0;border-top:1px solid #eee;border-bottom:1px solid #eee;font-size:14px}
dl div{display:flex;justify-content:space-between;gap:12px;padding:4px 0}
dt{color:#595959}dd{margin:0;text-align:right;word-break:break-all}
button,a.button{display:block;width:100%;min-height:48px;margin:0 0 12px;border-radius:8px;font-size:17px;text-align:center;text-decoration:none;line-height:46px;cursor:pointer}
.pay{border:1px solid #0b5ed7;background:#0b5ed7;color:#fff}
.fail{border:1px solid #bfbfbf;background:#fff;color:#1f1f1f}
.note{margin-top:24px;font-size:13px;color:#595959}
.notice{text-align:center;padding-top:48px}
.notice h1{font-size:22px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface CashierView {
  tradeNo: string;
  outTradeNo: string;
  subject: string;
  /** '12.30' */
  amountYuan: string;
  sellerName: string;
  /** Where the outcome form posts. */
  action: string;
}

export function cashierPage(view: CashierView): string {
  return page(
    '支付宝收银台（沙箱）',
    `<p class="brand"><b>支付宝</b> · 沙箱收银台</p>
<h1>¥${escapeHtml(view.amountYuan)}</h1>
<p class="subject">${escapeHtml(view.subject)}</p>
<dl>
<div><dt>收款方</dt><dd>${escapeHtml(view.sellerName)}</dd></div>
<div><dt>商户订单号</dt><dd>${escapeHtml(view.outTradeNo)}</dd></div>
<div><dt>支付宝交易号</dt><dd>${escapeHtml(view.tradeNo)}</dd></div>
</dl>
<form method="post" action="${escapeHtml(view.action)}">
<button type="submit" class="pay" name="outcome" value="success">支付成功</button>
<button type="submit" class="fail" name="outcome" value="fail">支付失败</button>
</form>
<p class="note">这是开发环境的模拟收银台：选择结果即可，不会发生真实扣款。</p>`,
  );
}

/** A notice in place of the cashier, with a way back to the merchant when there is one. */
export function noticePage(title: string, message: string, backUrl?: string | null): string {
  const back = backUrl ? `<a class="button fail" href="${escapeHtml(backUrl)}">返回商户</a>` : '';
  return page(
    `${title}（支付宝沙箱）`,
    `<div class="notice"><p class="brand"><b>支付宝</b> · 沙箱收银台</p>
<h1>${escapeHtml(title)}</h1><p class="subject">${escapeHtml(message)}</p>${back}</div>`,
  );
}
