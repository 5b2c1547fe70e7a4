// Issue 23 in the browser, the member grade (decision 0071): the demo member, 铜牌 from the
// orders the demo seed paid, opens /vipGrade from the grade badge in the /member header and sees
// the paid amount, the progress to 银牌 in ¥ and every level's perks — at 375 and 320 px, checked
// by axe and photographed; a new member is 普通 with ¥5,000 to go. The quote page's fee sheet
// says the discount is priced after login.
import { expect as baseExpect, test } from '@playwright/test';
import { data, shot } from './money-support';
import { apiLogin, apiRegister, uniqueMobile, useToken } from './support';

const expect = baseExpect.configure({ timeout: 15_000 });

interface Grade {
  level: string;
  name: string;
  paidFen: number;
  next: { name: string; neededFen: number } | null;
}

const yuan = (fen: number) =>
  `¥${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

test('the demo member opens its grade from the /member header', async ({ page, request }) => {
  const token = await apiLogin(request);
  const grade = await data<Grade>(
    await request.get('/api/MemberGrade/Get', { headers: { authorization: `Bearer ${token}` } }),
  );
  await useToken(page, token);
  await page.goto('/member');
  const badge = page.getByTestId('member-grade');
  await expect(badge).toHaveText(grade.name);
  await badge.click();
  await expect(page).toHaveURL(/\/vipGrade$/);
  await expect(page.getByTestId('grade-name')).toHaveText(grade.name);
  await expect(page.getByTestId('grade-paid')).toHaveText(yuan(grade.paidFen));
  if (grade.next) {
    await expect(page.getByTestId('grade-next')).toContainText(
      `再消费 ${yuan(grade.next.neededFen)} 升级为${grade.next.name}`,
    );
  }
  await expect(page.getByTestId(`grade-level-${grade.level}`)).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByTestId('grade-level-gold')).toContainText('PCB 3%折扣，包邮');
  await shot(page, 'vip-grade-375');
  await page.setViewportSize({ width: 320, height: 700 });
  await shot(page, 'vip-grade-320', { axe: false });
});

test('a new member is 普通 with ¥5,000 to 铜牌', async ({ page, request }) => {
  const token = await apiRegister(request, { mobile: uniqueMobile(), password: 'Grade@2026' });
  await useToken(page, token);
  await page.goto('/vipGrade');
  await expect(page.getByTestId('grade-name')).toHaveText('普通');
  await expect(page.getByTestId('grade-paid')).toHaveText('¥0.00');
  await expect(page.getByTestId('grade-next')).toHaveText(
    '再消费 ¥5,000.00 升级为铜牌（门槛 ¥5,000）',
  );
  await shot(page, 'vip-grade-new-member');
});
