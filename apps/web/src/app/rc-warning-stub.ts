// Replaces rc-util's warning module in the bundle (see vite.config.ts). antd-mobile imports it
// only for a development-build warning about React 19 (which src/app/antd-react19.ts answers),
// but as CommonJS it was bundled whole into every page (0.4 KB gzip, decision 0012's budgets).
export default function warningOnce(): void {}
