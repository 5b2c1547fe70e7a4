import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { MemberGradeView } from '@pcb/contract/member-grade';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';

beforeEach(() => logIn());

const levels: MemberGradeView['levels'] = [
  { level: 'normal', name: '普通', thresholdFen: 0, discountBp: 0, freeShipping: false },
  { level: 'bronze', name: '铜牌', thresholdFen: 500_000, discountBp: 100, freeShipping: false },
  { level: 'silver', name: '银牌', thresholdFen: 2_000_000, discountBp: 200, freeShipping: false },
  { level: 'gold', name: '金牌', thresholdFen: 10_000_000, discountBp: 300, freeShipping: true },
  { level: 'diamond', name: '钻石', thresholdFen: 50_000_000, discountBp: 500, freeShipping: true },
];

const silver: MemberGradeView = {
  level: 'silver',
  name: '银牌',
  paidFen: 6_000_000,
  windowFrom: '2025-12',
  windowTo: '2026-11',
  next: { level: 'gold', name: '金牌', thresholdFen: 10_000_000, neededFen: 4_000_000 },
  levels,
};

describe('/vipGrade', () => {
  it('shows the grade, the paid amount, the ¥ still needed with progress, and every perk', async () => {
    baseApi({ 'GET /api/MemberGrade/Get': () => ({ body: envelope(silver) }) });
    renderApp('/vipGrade');
    expect(await screen.findByTestId('grade-name')).toHaveTextContent('银牌');
    expect(screen.getByTestId('grade-paid')).toHaveTextContent('¥60,000.00');
    expect(screen.getByTestId('grade-next')).toHaveTextContent(
      '再消费 ¥40,000.00 升级为金牌（门槛 ¥100,000）',
    );
    // (60,000 − 20,000) / (100,000 − 20,000) = 50%.
    expect(
      screen.getByTestId('grade-progress').querySelector('.adm-progress-bar-fill'),
    ).toHaveStyle({ width: '50%' });
    expect(screen.getByRole('progressbar', { name: '距金牌的进度' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByTestId('grade-level-silver')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('grade-level-silver')).toHaveTextContent('PCB 2%折扣');
    expect(screen.getByTestId('grade-level-gold')).toHaveTextContent('PCB 3%折扣，包邮');
    expect(screen.getByTestId('grade-level-normal')).toHaveTextContent('普通—');
  });

  it('at the top level says so', async () => {
    baseApi({
      'GET /api/MemberGrade/Get': () => ({
        body: envelope({
          ...silver,
          level: 'diamond',
          name: '钻石',
          paidFen: 60_000_000,
          next: null,
        }),
      }),
    });
    renderApp('/vipGrade');
    expect(await screen.findByTestId('grade-next')).toHaveTextContent('您已是最高等级');
  });

  it('an error offers a retry', async () => {
    let fail = true;
    baseApi({
      'GET /api/MemberGrade/Get': () =>
        fail
          ? { status: 500, body: { success: false, data: null, message: '服务器开小差了' } }
          : { body: envelope(silver) },
    });
    renderApp('/vipGrade');
    expect((await screen.findByTestId('page-error')).textContent).toContain('服务器开小差了');
    fail = false;
    act(() => fireEvent.click(screen.getByTestId('retry')));
    expect(await screen.findByTestId('grade-name')).toHaveTextContent('银牌');
  });

  it('the member header’s grade badge opens it', async () => {
    baseApi({ 'GET /api/MemberGrade/Get': () => ({ body: envelope(silver) }) });
    renderApp('/member');
    const badge = await screen.findByTestId('member-grade');
    await act(async () => {
      fireEvent.click(badge);
    });
    expect(currentPath()).toBe('/vipGrade');
    expect(await screen.findByTestId('grade-name')).toHaveTextContent('银牌');
  });
});
