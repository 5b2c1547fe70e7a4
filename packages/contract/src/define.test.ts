import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineModule, type ActionSpec } from './define';

const base = { method: 'GET', summary: 's', input: z.object({}), output: z.null() } as const;
const define = (spec: Record<string, unknown>) =>
  defineModule('Thing', { Do: { ...base, ...spec } as unknown as ActionSpec });

describe('defineModule', () => {
  it('derives the wire name and path from the key', () => {
    const Thing = defineModule('Thing', { GetList: { ...base, access: 'public' } });
    expect(Thing.GetList).toMatchObject({
      module: 'Thing',
      action: 'GetList',
      path: '/api/Thing/GetList',
      access: 'public',
    });
  });

  it('requires member and optional endpoints to say what a switched session may do', () => {
    expect(() => define({ access: 'member' })).toThrow('Thing/Do: declare whenSwitched');
    expect(() => define({ access: 'optional' })).toThrow('Thing/Do: declare whenSwitched');
    expect(define({ access: 'member', whenSwitched: 'refuse' }).Do.whenSwitched).toBe('refuse');
    expect(() => define({ access: 'public', whenSwitched: 'allow' })).toThrow(
      /member and optional/,
    );
  });

  it('requires staff endpoints to name known roles, and only them', () => {
    expect(define({ access: 'staff', roles: ['admin', 'finance'] }).Do.roles).toEqual([
      'admin',
      'finance',
    ]);
    expect(() => define({ access: 'staff' })).toThrow('names its roles');
    expect(() => define({ access: 'staff', roles: [] })).toThrow('names its roles');
    expect(() => define({ access: 'staff', roles: ['boss'] })).toThrow('unknown roles boss');
    expect(() => define({ access: 'member', whenSwitched: 'allow', roles: ['admin'] })).toThrow(
      'staff endpoints only',
    );
    expect(() => define({ access: 'staff', roles: ['admin'], whenSwitched: 'allow' })).toThrow(
      /member and optional/,
    );
  });
});
