import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi, ok } from '@pcb/client/test';
import { sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

describe('对账报告', () => {
  it('runs on the button only, and says 无差异 with what it asked of the providers', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffLedger/GetReconciliation': () =>
        ok({ differences: [], providerChecks: 12, checkedAt: '2026-11-26T02:00:00Z' }),
    });
    renderConsole('/finance/reconciliation');
    const start = await screen.findByRole('button', { name: '开始对账' });
    expect(api.calls('GET /api/StaffLedger/GetReconciliation')).toHaveLength(0);
    fireEvent.click(start);
    expect(await screen.findByText('无差异')).toBeInTheDocument();
    expect(screen.getByText(/向支付机构查询了 12 笔在线支付与退款/)).toBeInTheDocument();
    expect(screen.getByText(/核对于 2026-11-26 \d\d:00/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重新对账' }));
    await waitFor(() =>
      expect(api.calls('GET /api/StaffLedger/GetReconciliation')).toHaveLength(2),
    );
  });

  it('lists every difference by what was checked', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['admin'])),
      'GET /api/StaffOutbox/List': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/StaffLedger/GetReconciliation': () =>
        ok({
          differences: [
            {
              check: 'memberMirror',
              subject: 'member 7',
              detail: 'member.balance 100，余额账户 0',
            },
            {
              check: 'provider',
              subject: 'alipay P20261126T1',
              detail: '我方已付款，支付机构为 closed',
            },
            { check: 'somethingNew', subject: 'x', detail: 'y' },
          ],
          providerChecks: 3,
          checkedAt: '2026-11-26T02:00:00Z',
        }),
    });
    renderConsole('/finance/reconciliation');
    fireEvent.click(await screen.findByRole('button', { name: '开始对账' }));
    expect(await screen.findByText('发现 3 处差异')).toBeInTheDocument();
    expect(screen.getByText('会员余额字段')).toBeInTheDocument();
    expect(screen.getByText('member.balance 100，余额账户 0')).toBeInTheDocument();
    expect(screen.getByText('支付机构（支付）')).toBeInTheDocument();
    expect(screen.getByText('somethingNew')).toBeInTheDocument();
    expect(screen.queryByText('无差异')).toBeNull();
  });
});
