import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { serializerCompiler } from './serializer';

const answer = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int(), mobile: z.string(), note: z.string().nullable() }),
  message: z.string(),
});
const serialize = serializerCompiler({
  schema: answer,
  method: 'GET',
  url: '/api/MemberInfo/Get',
  httpStatus: '200',
});

describe('serializerCompiler', () => {
  it('writes what the contract declares and nothing else', () => {
    const data = { id: 7, mobile: '13800138000', note: null, passwordHash: '$argon2id$secret' };
    const json = serialize({ success: true, data, message: '', debug: 'x' });
    expect(JSON.parse(json)).toEqual({
      success: true,
      data: { id: 7, mobile: '13800138000', note: null },
      message: '',
    });
    expect(json).not.toContain('argon2');
  });

  it('refuses an answer the contract does not allow', () => {
    expect(() => serialize({ success: true, data: { id: 1.5, mobile: 1 }, message: '' })).toThrow(
      ResponseSerializationError,
    );
  });

  it('takes a schema under properties, as the type provider does', () => {
    const wrapped = serializerCompiler({
      schema: { properties: z.object({ ok: z.boolean() }) },
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(wrapped({ ok: true, extra: 1 })).toBe('{"ok":true}');
  });
});
