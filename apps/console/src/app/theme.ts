import type { ThemeConfig } from 'antd';

/**
 * The console's antd theme (decision 0036): text on a colour and a colour used as text meet
 * WCAG AA (4.5:1) on white and on the layout's grey; theme.test.ts computes it. antd's defaults
 * do not: its blue #1677ff carries white at 4.1:1, its secondary text (45 % black) 3.4:1.
 */
export const consoleTheme: ThemeConfig = {
  token: {
    // antd's blue-7: buttons, links, the selected menu row.
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // antd derives a lighter hover (#2e7ae6 carries white at 4.2:1, the link's #579df2 2.9:1):
    // under the pointer, as a button stays after its click, a colour goes darker instead.
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorPrimaryTextHover: '#003eb3',
    colorPrimaryTextActive: '#002c8c',
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    // Descriptions, table placeholders, breadcrumbs, hints (antd's 45 % black is 3.4:1).
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Status tags' text is a preset's shade 7 on its shade 1: for green, orange, gold and cyan
    // 2.9 to 3.4:1, so a darker shade of the same preset (8; gold's 9) instead, under both
    // names antd reads (the CSS variable's too).
    ...Object.fromEntries(
      Object.entries({
        green: '#237804',
        orange: '#ad4e00',
        gold: '#874d00',
        cyan: '#006d75',
      }).flatMap(([color, shade]) => [
        [`${color}7`, shade],
        [`${color}-7`, shade],
      ]),
    ),
  },
  components: {
    // An empty table says so in the disabled colour (25 % black) by default.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
