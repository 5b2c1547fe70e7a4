/** A placeholder image naming the QR content (the sandbox has no QR encoder). */
export function renderQrSvg(text: string): string {
  const escaped = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="430" height="430" viewBox="0 0 430 430"><rect width="430" height="430" fill="#fff"/><rect x="15" y="15" width="400" height="400" fill="none" stroke="#000" stroke-width="4"/><text x="215" y="200" font-size="22" text-anchor="middle">微信沙箱二维码</text><text x="215" y="240" font-size="12" text-anchor="middle">${escaped}</text></svg>`;
}
