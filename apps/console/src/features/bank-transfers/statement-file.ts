// A bank statement file as the server reads it (decision 0055): text, whatever encoding the
// bank's export used. Chinese banks write UTF-8 (often with a BOM), GBK, or — Excel's
// "Unicode text" — UTF-16 with its BOM; the BOM itself is not part of the text.
import { STATEMENT_MAX_CHARS } from '@pcb/contract/staff-bank-transfer';

/** Larger than any statement of STATEMENT_MAX_CHARS characters in any of those encodings. */
export const STATEMENT_MAX_BYTES = 4 * STATEMENT_MAX_CHARS;

export type StatementEncoding = 'UTF-8' | 'GBK' | 'UTF-16';

export type DecodedStatement =
  | { ok: true; text: string; encoding: StatementEncoding; lines: number }
  | { ok: false; message: string };

const TOO_LARGE = `文件过大：每次最多导入${STATEMENT_MAX_CHARS}个字符（约1000行），请按日期分批导出后导入`;

const NOT_TEXT =
  '无法识别文件内容：请从网银导出CSV（逗号分隔）或文本文件，Excel表格请另存为CSV后导入';

function decode(bytes: Uint8Array): { text: string; encoding: StatementEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'UTF-16' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'UTF-16' };
  }
  try {
    // Strict: text that is not UTF-8 (GBK's bytes rarely are) throws instead of turning into �.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('gbk').decode(bytes), encoding: 'GBK' };
  }
}

/** The file's text without its BOM, and how it was written; or why it cannot be imported. */
export function decodeStatementFile(bytes: Uint8Array): DecodedStatement {
  if (bytes.length === 0) return { ok: false, message: '文件是空的' };
  if (bytes.length > STATEMENT_MAX_BYTES) return { ok: false, message: TOO_LARGE };
  // An .xlsx (a zip) or an old .xls (an OLE file) is no text at all.
  const magic = [...bytes.slice(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join('');
  if (magic === '504b0304' || magic === 'd0cf11e0') return { ok: false, message: NOT_TEXT };
  const { text, encoding } = decode(bytes);
  const clean = text.replace(/^\uFEFF/, '');
  if (clean.length > STATEMENT_MAX_CHARS) return { ok: false, message: TOO_LARGE };
  if (clean.includes('\u0000') || clean.includes('\uFFFD')) {
    return { ok: false, message: NOT_TEXT };
  }
  const lines = clean.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length;
  return { ok: true, text: clean, encoding, lines };
}

/** The bytes of a picked file (FileReader: what every browser and the test DOM offer). */
export function readFileBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}
