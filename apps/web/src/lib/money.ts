/** Amounts travel in fen (product decision 3); members read yuan: 12345 → ¥123.45. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100).toLocaleString('zh-CN');
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}
