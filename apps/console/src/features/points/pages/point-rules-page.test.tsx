import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi, ok } from '@pcb/client/test';
import { sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

describe('积分与签到 (console)', () => {
  it('运营 reads the rules and saves new sign-in rewards', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])),
      'GET /api/StaffPoint/GetRules': () =>
        ok({ pointsPerYuan: 1, signInRewards: [1, 2, 3, 4, 5, 6, 10] }),
      'POST /api/StaffPoint/SetRules': (r) => ok(r.body),
    });
    renderConsole('/point-rules');
    const day7 = await screen.findByLabelText('第7天签到奖励');
    expect(day7).toHaveValue('10');
    fireEvent.change(day7, { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('save-point-rules'));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffPoint/SetRules')[0]?.body).toEqual({
        pointsPerYuan: 1,
        signInRewards: [1, 2, 3, 4, 5, 6, 20],
      }),
    );
    expect(await screen.findByText('积分规则已保存')).toBeInTheDocument();
  });
});
