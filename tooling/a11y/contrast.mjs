// WCAG 2 contrast, for the tests that check the apps' theme colours (decision 0036).

/** `#rgb`, `#rrggbb`, `rgb(r g b / a%)` or `rgba(r, g, b, a)` as [r, g, b, alpha 0–1]. */
export function parseColor(css) {
  const value = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).concat(1);
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(value)?.[1];
  if (!fn) throw new Error(`not a colour: ${css}`);
  const parts = fn.split(/[\s,/]+/).filter(Boolean);
  const alpha =
    parts[3] === undefined
      ? 1
      : parts[3].endsWith('%')
        ? parseFloat(parts[3]) / 100
        : Number(parts[3]);
  return [...parts.slice(0, 3).map(Number), alpha];
}

/** A colour with transparency painted over an opaque background. */
function over(color, background) {
  const [r, g, b, a] = parseColor(color);
  const base = parseColor(background);
  return [r, g, b].map((c, i) => c * a + base[i] * (1 - a));
}

function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of text in `foreground` on `background` (opaque), 1 to 21. */
export function contrast(foreground, background) {
  const [a, b] = [luminance(over(foreground, background)), luminance(over(background, background))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
