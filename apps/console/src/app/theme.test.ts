// Decision 0036: the console's antd theme puts text at WCAG AA (4.5:1) wherever antd draws text
// in a theme colour or on one, computed from the tokens antd derives from consoleTheme.
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../../../tooling/a11y/contrast.mjs';
import { consoleTheme } from './theme';

const token = theme.getDesignToken(consoleTheme);
const AA = 4.5;
const backgrounds = { white: token.colorBgContainer, layout: token.colorBgLayout };

describe('consoleTheme', () => {
  it('puts white text on primary and danger buttons at AA, also under the pointer and pressed', () => {
    for (const [name, value] of Object.entries({
      colorPrimary: token.colorPrimary,
      colorPrimaryHover: token.colorPrimaryHover,
      colorPrimaryActive: token.colorPrimaryActive,
      colorError: token.colorError,
      colorErrorHover: token.colorErrorHover,
      colorErrorActive: token.colorErrorActive,
    })) {
      expect(contrast(token.colorTextLightSolid, value), name).toBeGreaterThanOrEqual(AA);
    }
  });

  it('writes links, descriptions, placeholders and status text at AA on white and the layout grey', () => {
    for (const [name, value] of Object.entries({
      colorLink: token.colorLink,
      colorLinkHover: token.colorLinkHover,
      colorLinkActive: token.colorLinkActive,
      colorPrimary: token.colorPrimary,
      colorPrimaryTextHover: token.colorPrimaryTextHover,
      colorPrimaryTextActive: token.colorPrimaryTextActive,
      colorTextDescription: token.colorTextDescription,
      colorTextTertiary: token.colorTextTertiary,
      colorTextPlaceholder: token.colorTextPlaceholder,
      colorError: token.colorError,
      colorSuccess: token.colorSuccess,
      colorWarning: token.colorWarning,
    })) {
      for (const [where, background] of Object.entries(backgrounds)) {
        expect(contrast(value, background), `${name} on ${where}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it("writes the status tags' text at AA on their own tint, under both token names", () => {
    for (const color of ['green', 'orange', 'gold', 'cyan', 'blue', 'red'] as const) {
      const tokens = token as unknown as Record<string, string>;
      expect(tokens[`${color}-7`]).toBe(tokens[`${color}7`]);
      expect(contrast(tokens[`${color}7`]!, tokens[`${color}1`]!), color).toBeGreaterThanOrEqual(
        AA,
      );
    }
  });
});
