import qrcode from 'qrcode-generator';

/** The QR code WeChat's showqrcode would serve for this content, as an SVG image. */
export function renderQrSvg(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 8, margin: 16, scalable: true });
}
