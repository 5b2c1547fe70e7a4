import { expect, test } from '@playwright/test';
import { consoleLogin } from './support';

/** Each would lead a browser off the console (`/\` reads as `//`); the page went blank. */
const HOSTILE = [
  '/\\evil.example/',
  '/%5Cevil.example/',
  '//evil.example/',
  '/\t/evil.example/',
  '/..//evil.example/',
  'https://evil.example/',
];
const loginWith = (returnUrl: string) =>
  `/console/login?${new URLSearchParams({ returnUrl }).toString()}`;

test('the console login with a hostile returnUrl ends on the console home, not a blank page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await consoleLogin(page, 'engineer', undefined, loginWith(HOSTILE[0]!));
  await expect(page).toHaveURL(/\/console\/?$/);
  await expect(page.getByRole('heading', { name: /你好/ })).toBeVisible();

  // Logged in already, the login page sends straight on: home again for every trick.
  for (const returnUrl of HOSTILE) {
    await page.goto(loginWith(returnUrl));
    await expect(page, returnUrl).toHaveURL(/\/console\/?$/);
    await expect(page.getByRole('heading', { name: /你好/ }), returnUrl).toBeVisible();
  }
  // A path of the console is still where the login continues.
  await page.goto(loginWith('/orders'));
  await expect(page).toHaveURL(/\/console\/orders$/);
  expect(errors).toEqual([]);
});
