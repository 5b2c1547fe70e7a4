import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { GradeConfig, GradeLevelInput } from '@pcb/contract/staff-member-grade';
import { mockApi, ok } from '@pcb/client/test';
import type { StaffRole } from '@pcb/contract';
import { sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const config: GradeConfig = {
  levels: [
    { level: 'normal', name: '普通', thresholdFen: 0, discountBp: 0, freeShipping: false },
    { level: 'bronze', name: '铜牌', thresholdFen: 500_000, discountBp: 100, freeShipping: false },
    {
      level: 'silver',
      name: '银牌',
      thresholdFen: 2_000_000,
      discountBp: 200,
      freeShipping: false,
    },
    { level: 'gold', name: '金牌', thresholdFen: 10_000_000, discountBp: 300, freeShipping: true },
    {
      level: 'diamond',
      name: '钻石',
      thresholdFen: 50_000_000,
      discountBp: 500,
      freeShipping: true,
    },
  ],
  updatedAt: null,
};

function gradeServer(roles: StaffRole[], sent: { levels: GradeLevelInput[] }[] = []) {
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(roles)),
    'GET /api/StaffMemberGrade/Get': () => ok(config),
    'PUT /api/StaffMemberGrade/Update': (r) => {
      sent.push(r.body as { levels: GradeLevelInput[] });
      return ok({ ...config, updatedAt: '2026-11-27T04:00:00Z' });
    },
  });
}

describe('会员等级 (console)', () => {
  it('admin edits the thresholds in yuan and the discount in %, sent as fen and basis points', async () => {
    const sent: { levels: GradeLevelInput[] }[] = [];
    gradeServer(['admin'], sent);
    renderConsole('/member-grade');
    const silver = await screen.findByLabelText('银牌门槛（元）');
    expect(silver).toHaveValue('20000.00');
    expect(screen.getByLabelText('普通门槛（元）')).toBeDisabled();
    expect(screen.getByLabelText('金牌包邮')).toBeChecked();
    fireEvent.change(silver, { target: { value: '30000' } });
    fireEvent.change(screen.getByLabelText('银牌折扣（%）'), { target: { value: '2.5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.levels[2]).toEqual({
      level: 'silver',
      thresholdFen: 3_000_000,
      discountBp: 250,
      freeShipping: false,
    });
    expect(sent[0]!.levels.map((l) => l.level)).toEqual([
      'normal',
      'bronze',
      'silver',
      'gold',
      'diamond',
    ]);
  });

  it('refuses a discount over 50% before sending', async () => {
    const sent: { levels: GradeLevelInput[] }[] = [];
    gradeServer(['admin'], sent);
    renderConsole('/member-grade');
    fireEvent.change(await screen.findByLabelText('钻石折扣（%）'), { target: { value: '60' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    expect(await screen.findByText('请输入0～50之间的百分比，最多两位小数')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
