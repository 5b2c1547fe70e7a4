import { describe, expect, it } from 'vitest';
import { allEndpoints } from './index';
import { labelAt, UNNAMED } from './errors';
import {
  hasForbiddenCharacter,
  idQuerySchema,
  idSchema,
  INT4_MAX,
  INVISIBLE_CHARACTER_MESSAGE,
  showInvisible,
  text,
} from './common';

/** Bidirectional controls and invisible characters (decision 0034), one of each class. */
const INVISIBLE = [
  'design\u202Epiz.exe', // right-to-left override
  'a\u202Ab', // left-to-right embedding
  'a\u2066b\u2069', // isolates
  'a\u200Fb', // right-to-left mark
  'a\u200Bb', // zero-width space
  'a\u200Db', // zero-width joiner outside an emoji
  '\uFEFFab', // byte-order mark
  'a\u2060b', // word joiner
  'a\u00ADb', // soft hyphen
];

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
  safeParse: (value: unknown) => { success: boolean; data?: unknown };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);
const unwrap = (schema: ZodLike): ZodLike => {
  const { def } = schema._zod;
  return WRAPPERS.has(def.type) ? unwrap(def.innerType as ZodLike) : schema;
};

function fieldsOf(schema: ZodLike, prefix = ''): [string, ZodLike][] {
  const { def } = unwrap(schema)._zod;
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, ZodLike>).flatMap(([name, field]) =>
      unwrap(field)._zod.def.type === 'object'
        ? fieldsOf(field, `${prefix}${name}.`)
        : [[`${prefix}${name}`, field] as [string, ZodLike]],
    );
  }
  if (def.type === 'union') return (def.options as ZodLike[]).flatMap((o) => fieldsOf(o, prefix));
  return [];
}

describe('the input primitives', () => {
  it('text refuses control characters and lone surrogates, line breaks unless multi-line', () => {
    const line = text(20);
    const block = text(20, { multiline: true });
    for (const bad of [
      'a\u0000',
      '\u0007',
      'a\u001b[0m',
      '\u007f',
      '\u0085',
      'a\ud800',
      '\udc00b',
    ]) {
      expect(line.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(block.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const breakOrTab of ['a\nb', 'a\tb', 'a\r\nb']) {
      expect(line.safeParse(breakOrTab).success).toBe(false);
      expect(block.safeParse(breakOrTab).success).toBe(true);
    }
    expect(line.safeParse('电路板 PCB 😀').success).toBe(true);
    for (const bad of INVISIBLE) {
      const result = line.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INVISIBLE_CHARACTER_MESSAGE);
      expect(block.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(hasForbiddenCharacter(bad), JSON.stringify(bad)).toBe(true);
    }
    // What an emoji keyboard types stays allowed: joined pictographs, a subdivision flag.
    for (const emoji of [
      '👨\u200D💻',
      '👩🏻\u200D🔧',
      '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    ]) {
      expect(line.safeParse(`板子 ${emoji}`).success, JSON.stringify(emoji)).toBe(true);
    }
    expect(line.safeParse('x'.repeat(21)).success).toBe(false);
    expect(hasForbiddenCharacter('ok 😀')).toBe(false);
  });

  it('shows invisible characters by their codes, emoji as they are', () => {
    expect(showInvisible('design\u202Epiz.exe')).toBe('design⟦U+202E⟧piz.exe');
    expect(showInvisible('\uFEFFa\u200Bb')).toBe('⟦U+FEFF⟧a⟦U+200B⟧b');
    expect(showInvisible('👨\u200D💻 a\u200Db')).toBe('👨\u200D💻 a⟦U+200D⟧b');
    expect(showInvisible('主控板.zip')).toBe('主控板.zip');
  });

  it('ids fit an integer column, in a body and in a query string', () => {
    expect(idSchema.safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 1e308, '1', null]) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(idQuerySchema.safeParse('42').data).toBe(42);
    for (const bad of ['2147483648', '1e3', ' 1', '-1', '0x10', '']) {
      expect(idQuerySchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

// By construction: a new endpoint whose input takes unbounded text or numbers fails here.
describe('every input field of every endpoint', () => {
  for (const endpoint of allEndpoints) {
    for (const [name, field] of fieldsOf(endpoint.input as unknown as ZodLike)) {
      it(`${endpoint.path} ${name}`, () => {
        for (const bad of [
          'a\u0000b',
          'a\ud800b',
          ...INVISIBLE,
          'x'.repeat(100_001),
          2 ** 31,
          2 ** 53 + 2,
        ]) {
          expect(field.safeParse(bad).success, JSON.stringify(bad).slice(0, 20)).toBe(false);
        }
        // Its Chinese name comes from its own schema, for messages that name the field.
        const label = labelAt(endpoint.input, name.split('.'));
        expect(label).not.toBe(UNNAMED);
        // Chinese only, but for QQ, which users know by its Latin name (QQ号).
        expect(label).toMatch(/^(QQ)?[\u4e00-\u9fff]+$/);
        const asNumber = field.safeParse('1');
        if (asNumber.success && typeof asNumber.data === 'number') {
          expect(field.safeParse(String(2 ** 31)).success).toBe(false);
        }
      });
    }
  }
});
