/**
 * Classic stored-XSS payloads (issue 23, decision 0075): each one, if it ever ran, sets
 * `window.__xss` (or opens a dialog). The server's sanitiser test saves every one as a news
 * body and asserts nothing executable is kept; the browser test renders them all in one
 * article on the member news page and asserts the flag is never set.
 */
const SET = 'window.__xss=1';

export const xssCorpus: readonly string[] = [
  // Script elements, plain and disguised.
  `<script>${SET}</script>`,
  `<SCRIPT>${SET}</SCRIPT>`,
  `<script src="data:text/javascript,${SET}"></script>`,
  `<scr<script>ipt>${SET}</scr</script>ipt>`,
  `<script/xss>${SET}</script>`,
  // Event handlers.
  `<img src="x" onerror="${SET}">`,
  `<IMG SRC=x OnErRoR=${SET}>`,
  `<p onclick="${SET}" onmouseover="${SET}">悬停</p>`,
  `<body onload="${SET}">`,
  `<svg onload="${SET}"></svg>`,
  `<svg><animate onbegin="${SET}" attributeName="x" dur="1s"></animate></svg>`,
  `<details open ontoggle="${SET}"><summary>x</summary></details>`,
  `<input autofocus onfocus="${SET}">`,
  `<video><source onerror="${SET}"></video>`,
  `<marquee onstart="${SET}">x</marquee>`,
  // URLs that run script: javascript:, data:, vbscript:, encoded and mixed case.
  `<a href="javascript:${SET}">点我</a>`,
  `<a href="JaVaScRiPt:${SET}">点我</a>`,
  `<a href="  javascript:${SET}">点我</a>`,
  `<a href="jav&#x09;ascript:${SET}">点我</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${SET}">点我</a>`,
  `<a href="&#x6A;avascript&colon;${SET}">点我</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">点我</a>`,
  `<a href="vbscript:msgbox(1)">点我</a>`,
  `<img src="javascript:${SET}">`,
  `<img src="data:image/svg+xml,<svg onload='${SET}'/>">`,
  // svg and math tricks.
  `<svg><script>${SET}</script></svg>`,
  `<svg><a xlink:href="javascript:${SET}"><text y="20">x</text></a></svg>`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=${SET}&gt;"></mglyph></table></mtext></math>`,
  `<math href="javascript:${SET}">x</math>`,
  // Style expressions and style-based loading.
  `<p style="background:url(javascript:${SET})">x</p>`,
  `<div style="width:expression(${SET})">x</div>`,
  `<style>@import 'javascript:${SET}';</style>`,
  `<link rel="stylesheet" href="javascript:${SET}">`,
  // Frames, objects, embeds, forms, meta refresh, srcdoc.
  `<iframe src="javascript:${SET}"></iframe>`,
  `<iframe srcdoc="<script>parent.window.__xss=1</script>"></iframe>`,
  `<object data="javascript:${SET}"></object>`,
  `<embed src="javascript:${SET}">`,
  `<form action="javascript:${SET}"><button>提交</button></form>`,
  `<button formaction="javascript:${SET}">提交</button>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${SET}">`,
  `<base href="javascript:${SET}//">`,
  // Mutation XSS through template, noscript and comments.
  `<template><img src=x onerror="${SET}"></template>`,
  `<noscript><p title="</noscript><img src=x onerror=${SET}>"></noscript>`,
  `<!--<img src="--><img src=x onerror=${SET}//">`,
  `<p><a title="</p><img src=x onerror=${SET}>">x</a></p>`,
  `<xmp><p title="</xmp><img src=x onerror=${SET}>"></xmp>`,
];

/**
 * The corpus as one article body, each payload after a numbered paragraph; every payload is
 * closed, so the last number (`第 N 条`) shows that none swallowed those after it.
 */
export const xssCorpusHtml = xssCorpus
  .map((payload, i) => `<p>第 ${i + 1} 条</p>${payload}`)
  .join('\n');
