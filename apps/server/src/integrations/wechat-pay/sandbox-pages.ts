/**
 * The sandbox's cashier pages: what WeChat Pay shows the payer, sized for a 375 px phone. Plain
 * HTML and a form (the site's CSP allows no inline script); the person picks the outcome. Colours
 * are WeChat's, darkened where white or grey text needs AA contrast (decision 0036).
 */

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const yuan = (fen: number): string => (fen / 100).toFixed(2);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#ededed;font:16px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#191919}
main{max-width:375px;margin:0 auto;min-height:100vh;background:#ededed;padding:0 0 32px}
header{background:#fff;text-align:center;padding:12px 16px;font-size:17px;font-weight:600;border-bottom:1px solid #e5e5e5}
.tag{display:inline-block;margin-left:6px;padding:0 6px;border-radius:4px;background:#ffe7cc;color:#7a4100;font-size:12px;font-weight:400;vertical-align:2px}
.card{background:#fff;margin:12px 0;padding:28px 16px 24px;text-align:center}
.subject{margin:0;color:#4c4c4c;font-size:15px;word-break:break-all}
.amount{margin:8px 0 0;font-size:40px;font-weight:600;letter-spacing:-1px}
.amount small{font-size:26px;margin-right:2px}
dl{margin:20px 0 0;text-align:left;font-size:14px;color:#595959;border-top:1px solid #eee;padding-top:12px}
dl div{display:flex;justify-content:space-between;padding:4px 0}
dd{margin:0;color:#191919;max-width:60%;word-break:break-all;text-align:right}
form{padding:8px 16px}
button{display:block;width:100%;height:48px;margin:12px 0 0;border:0;border-radius:8px;font-size:17px;font-weight:600;cursor:pointer}
.ok{background:#07793e;color:#fff}
.fail{background:#fff;color:#c62828;border:1px solid #e5e5e5}
.note{margin:16px;color:#595959;font-size:13px;text-align:center}
.result{font-size:22px;font-weight:600;margin:12px 0 0}
.icon{width:64px;height:64px;border-radius:50%;margin:0 auto;color:#fff;font-size:40px;line-height:64px}
.icon.ok{background:#07c160}.icon.fail{background:#fa5151}
a.back{display:block;margin:24px 16px 0;height:48px;line-height:48px;border-radius:8px;background:#fff;color:#191919;text-align:center;text-decoration:none;font-weight:600}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface CashierView {
  description: string;
  totalFen: number;
  merchantName: string;
  outTradeNo: string;
  /** Where the form posts, and its hidden fields. */
  action: string;
  fields: Record<string, string>;
}

export function cashierPage(view: CashierView): string {
  const hidden = Object.entries(view.fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return page(
    '微信支付',
    `<header>微信支付<span class="tag">沙箱</span></header>
<section class="card">
<p class="subject" data-testid="wxpay-subject">${escapeHtml(view.description)}</p>
<p class="amount" data-testid="wxpay-amount"><small>¥</small>${yuan(view.totalFen)}</p>
<dl><div><dt>收款方</dt><dd>${escapeHtml(view.merchantName)}</dd></div>
<div><dt>商户单号</dt><dd>${escapeHtml(view.outTradeNo)}</dd></div></dl>
</section>
<form method="post" action="${escapeHtml(view.action)}">${hidden}
<button class="ok" type="submit" name="outcome" value="success" data-testid="wxpay-success">支付成功</button>
<button class="fail" type="submit" name="outcome" value="fail" data-testid="wxpay-fail">支付失败</button>
</form>
<p class="note">这是开发环境的微信支付沙箱：不会扣款，请选择本次支付的结果。</p>`,
  );
}

export function resultPage(ok: boolean, message: string, backUrl?: string): string {
  return page(
    ok ? '支付成功' : '支付失败',
    `<header>微信支付<span class="tag">沙箱</span></header>
<section class="card">
<div class="icon ${ok ? 'ok' : 'fail'}" aria-hidden="true">${ok ? '✓' : '!'}</div>
<p class="result" data-testid="wxpay-result">${ok ? '支付成功' : '支付失败'}</p>
<p class="subject">${escapeHtml(message)}</p>
</section>
${backUrl ? `<a class="back" href="${escapeHtml(backUrl)}">返回商家</a>` : ''}`,
  );
}

export function errorPage(message: string): string {
  return page(
    '微信支付',
    `<header>微信支付<span class="tag">沙箱</span></header>
<section class="card"><div class="icon fail" aria-hidden="true">!</div>
<p class="result" data-testid="wxpay-error">${escapeHtml(message)}</p></section>`,
  );
}
