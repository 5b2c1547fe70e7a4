// The console's 会员等级 (decision 0071): admin changes 钻石's discount, sees a refused
// threshold out of order in Chinese, and restores the defaults; checked by axe, photographed.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN_TOTP_SECRET, consoleLogin } from './support';

test('admin sets the levels’ thresholds and perks', async ({ page }) => {
  await consoleLogin(page, 'admin', ADMIN_TOTP_SECRET);
  await page.goto('/console/member-grade');
  await expect(page.getByRole('heading', { name: '会员等级' })).toBeVisible();
  const silver = page.getByLabel('银牌门槛（元）');
  await expect(silver).toHaveValue('20000.00');
  await expect(page.getByLabel('普通门槛（元）')).toBeDisabled();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('console-member-grade.png') });

  // A threshold below the one before: the server's refusal, in Chinese.
  await silver.fill('4000');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('各等级门槛须从普通的0起逐级严格递增')).toBeVisible();

  await silver.fill('20000');
  await page.getByLabel('钻石折扣（%）').fill('6');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('会员等级已保存')).toBeVisible();
  await expect(page.getByText(/最近修改：/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('钻石折扣（%）')).toHaveValue('6.00');
  await page.screenshot({ path: test.info().outputPath('console-member-grade-saved.png') });

  await page.getByLabel('钻石折扣（%）').fill('5');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('会员等级已保存')).toBeVisible();
});
