// Decision 0036: every colour the theme puts text in, or under text, meets WCAG AA (4.5:1),
// computed from theme.css as both web entries load it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../../tooling/a11y/contrast.mjs';

const css = readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8');
const vars = Object.fromEntries(
  [...css.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()]),
);
const color = (name: string) => {
  const value = vars[name];
  if (!value) throw new Error(`${name} is not in theme.css`);
  return value;
};
const WHITE = '#ffffff';
const AA = 4.5;

describe('theme.css', () => {
  it('keeps the brand accent #FF6A00 for marks, borders and bands', () => {
    expect(color('--app-color-brand').toLowerCase()).toBe('#ff6a00');
  });

  it('puts white text on the accent at AA (buttons, badges, the quote bar)', () => {
    expect(contrast(WHITE, color('--adm-color-primary'))).toBeGreaterThanOrEqual(AA);
  });

  it('writes accent text at AA on white, the page grey and the accent tint', () => {
    for (const background of [WHITE, color('--app-color-page'), color('--app-color-brand-tint')]) {
      expect(contrast(color('--adm-color-primary'), background), background).toBeGreaterThanOrEqual(
        AA,
      );
    }
  });

  it('writes hints, secondary text and status colours at AA on white and the page grey', () => {
    for (const name of [
      '--adm-color-text',
      '--adm-color-text-secondary',
      '--adm-color-weak',
      '--adm-color-danger',
      '--adm-color-success',
      '--adm-color-warning',
    ]) {
      for (const background of [WHITE, color('--app-color-page')]) {
        expect(
          contrast(color(name), background),
          `${name} on ${background}`,
        ).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it('keeps white text at AA across the brand bands, stop by stop', () => {
    const stops = color('--app-gradient-brand').match(/#[0-9a-f]{6}/gi) ?? [];
    expect(stops.length).toBeGreaterThanOrEqual(2);
    for (const stop of stops) expect(contrast(WHITE, stop), stop).toBeGreaterThanOrEqual(AA);
  });
});
