import { defineConfig, devices } from '@playwright/test';
import { chromeArgs, chromePath } from '../../tooling/lib/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = { executablePath: chromePath, args: chromeArgs };
const phone = {
  ...devices['Pixel 7'],
  viewport: { width: 375, height: 812 },
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  launchOptions: chromium,
};
const wechatUserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220099 ' +
  'MMWEBSDK/20240301 MMWEBID/1234 MicroMessenger/8.0.48.2580(0x28003052) WeChat/arm64 Weixin ' +
  'NetType/WIFI Language/zh_CN ABI/arm64';

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  timeout: 60_000,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../../.ci-results/playwright.json' }]]
    : [['list']],
  use: { baseURL, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    // @wechat tests run in both projects; @wechat-only ones need WeChat's user agent.
    { name: 'phone', use: phone, grepInvert: /@wechat-only/, testIgnore: /staff-console/ },
    {
      name: 'wechat',
      use: { ...phone, userAgent: wechatUserAgent },
      grep: /@wechat/,
      testIgnore: /staff-console/,
    },
    // The staff console on a desktop; its specs open a phone context for the member's side.
    {
      name: 'console',
      use: {
        viewport: { width: 1440, height: 900 },
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        launchOptions: chromium,
        // The console honours reduced motion: its dialogs open at once. Clicked while a dialog
        // was still zooming in, a click on its button was lost now and then in CI (the dialog
        // stayed open, nothing was sent). Staff contexts made in a spec ask for it too.
        reducedMotion: 'reduce',
      },
      testMatch: /staff-console\.spec\.ts/,
    },
  ],
  webServer: {
    // The built server with its own fresh embedded database; the sandbox SMS outbox is readable.
    command: 'node ../../tooling/e2e/serve.mjs',
    url: `${baseURL}/api/Captcha/GetConfig`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets the server stop its embedded PostgreSQL; the default SIGKILL would orphan it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
