import { describe, expect, it } from 'vitest';
import { stripTextProperties } from './server-only-texts.mjs';

describe('stripTextProperties', () => {
  it('drops the summaries of endpoint definitions and keeps everything else', () => {
    const code = [
      "const shipsSummary = '订单的包裹';",
      'const spec = (kindName) => ({',
      "  Get: { method: 'GET', summary: `我的${kindName}订单`, access: 'member', input: a, output: b },",
      "  List: {\n    method: 'POST',\n    summary:\n      '列表，最新在前',\n    access: 'member',\n  },",
      '  Ships: { summary: shipsSummary, access: "member" },',
      '});',
      "export const M = defineModule('M', { One: { summary: '一', input: z.object({ id: idSchema.meta({ title: '订单' }) }) } });",
    ].join('\n');
    const out = stripTextProperties(code, 'summary');
    expect(out).not.toBeNull();
    expect(out).not.toMatch(/summary/);
    for (const kept of [
      "method: 'GET'",
      "access: 'member'",
      'input: a',
      'output: b',
      "title: '订单'",
    ]) {
      expect(out).toContain(kept);
    }
    // Still JavaScript that runs: the objects lost a property, nothing else.
    const run = new Function(
      'defineModule',
      'z',
      'idSchema',
      'a',
      'b',
      out!.replace('export ', '') + '; return [spec("PCB"), M];',
    );
    const [specs, module] = run(
      (_: string, actions: object) => actions,
      { object: (shape: object) => shape },
      { meta: (m: object) => m },
      'A',
      'B',
    );
    expect(specs.Get).toEqual({ method: 'GET', access: 'member', input: 'A', output: 'B' });
    expect(specs.List).toEqual({ method: 'POST', access: 'member' });
    expect(specs.Ships).toEqual({ access: 'member' });
    expect(module.One.input).toEqual({ id: { title: '订单' } });
  });

  it('leaves a summary that computes something, and code without summaries, alone', () => {
    expect(stripTextProperties("const x = { summary: describe('x') };", 'summary')).toBeNull();
    expect(stripTextProperties("const x = { title: '订单' };", 'summary')).toBeNull();
  });

  it("drops a route's description and keeps the rest of its row", () => {
    const out = stripTextProperties(
      "const t = { home: { path: '/', title: '首页', description: 'PCB 打样…', access: 'public' } };",
      'description',
    );
    expect(out).toBe("const t = { home: { path: '/', title: '首页', access: 'public' } };");
  });
});
