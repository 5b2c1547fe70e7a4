import { describe, expect, it } from 'vitest';
import { STATEMENT_MAX_CHARS } from '@pcb/contract/staff-bank-transfer';
import { decodeStatementFile, readFileBytes } from './statement-file';

const TEXT =
  '交易日期,流水号,对方户名,收款账号,金额\r\n2026-11-02,HX0001,深圳甲电子有限公司,755900012310801,"1,234.50"\r\n';
/** TEXT as a Chinese bank writes it in GBK. */
const GBK_BYTES = Uint8Array.from(
  'bdbbd2d7c8d5c6da2cc1f7cbaebac52cb6d4b7bdbba7c3fb2ccad5bfeed5cbbac52cbdf0b6ee0d0a323032362d31312d30322c4858303030312cc9eedbdabcd7b5e7d7d3d3d0cfdeb9abcbbe2c3735353930303031323331303830312c22312c3233342e3530220d0a'
    .match(/../g)!
    .map((h) => parseInt(h, 16)),
);

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeStatementFile', () => {
  it('reads UTF-8 with and without its BOM, GBK and UTF-16 into the same text', () => {
    const expected = { ok: true, text: TEXT, lines: 2 };
    expect(decodeStatementFile(utf8(TEXT))).toEqual({ ...expected, encoding: 'UTF-8' });
    expect(decodeStatementFile(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(TEXT)]))).toEqual({
      ...expected,
      encoding: 'UTF-8',
    });
    expect(decodeStatementFile(GBK_BYTES)).toEqual({ ...expected, encoding: 'GBK' });
    const utf16 = new Uint8Array(2 + TEXT.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < TEXT.length; i++) {
      const code = TEXT.charCodeAt(i);
      utf16[2 + i * 2] = code & 0xff;
      utf16[3 + i * 2] = code >> 8;
    }
    expect(decodeStatementFile(utf16)).toEqual({ ...expected, encoding: 'UTF-16' });
  });

  it('refuses what is not a statement it can send: empty, Excel files, too large', () => {
    expect(decodeStatementFile(new Uint8Array())).toEqual({ ok: false, message: '文件是空的' });
    const xlsx = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
    expect(decodeStatementFile(xlsx)).toMatchObject({
      ok: false,
      message: expect.stringContaining('Excel表格请另存为CSV'),
    });
    const large = decodeStatementFile(utf8('a'.repeat(STATEMENT_MAX_CHARS + 1)));
    expect(large).toMatchObject({ ok: false, message: expect.stringContaining('文件过大') });
  });

  it('reads a picked file’s bytes', async () => {
    const bytes = await readFileBytes(new File([GBK_BYTES], 'gbk.csv'));
    expect(decodeStatementFile(bytes)).toMatchObject({ ok: true, text: TEXT, encoding: 'GBK' });
  });
});
