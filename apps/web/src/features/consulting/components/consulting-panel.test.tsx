import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { expectToast } from '../../../test/ui-text';
import { ConsultingPanel } from './consulting-panel';

const renderPanel = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <ConsultingPanel />
    </QueryClientProvider>,
  );

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

beforeEach(() => queryClient.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('ConsultingPanel', () => {
  it('shows the built-in defaults to a visitor without asking the server', () => {
    const { fetchMock } = mockApi({});
    renderPanel();
    expect(screen.getByTestId('consult-qq').textContent).toBe('800000000');
    expect(screen.getByTestId('consult-phone').textContent).toBe('400-000-0000');
    expect(screen.getByTestId('consult-call').getAttribute('href')).toBe('tel:4000000000');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the logged-in member's account manager", async () => {
    localStorage.setItem('accessToken', fakeToken(inOneHour()));
    mockApi({
      'GET /api/MemberAdmin/Get': () => ({
        body: envelope({ qq: '123456789', mobile: '13912345678', pic: '', realName: '李经理' }),
      }),
    });
    renderPanel();
    expect((await screen.findByTestId('consult-name')).textContent).toBe('李经理');
    expect(screen.getByTestId('consult-qq').textContent).toBe('123456789');
    expect(screen.getByTestId('consult-call').getAttribute('href')).toBe('tel:13912345678');
  });

  it('falls back to the defaults when the manager cannot be loaded', async () => {
    localStorage.setItem('accessToken', fakeToken(inOneHour()));
    mockApi({
      'GET /api/MemberAdmin/Get': () => ({ status: 403, body: envelope(null, false, '无权限') }),
    });
    renderPanel();
    expect((await screen.findByTestId('consult-qq')).textContent).toBe('800000000');
  });

  it('copies the QQ number and says 复制成功', async () => {
    mockApi({});
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    renderPanel();
    fireEvent.click(screen.getByTestId('consult-copy-qq'));
    await expectToast('复制成功');
    expect(writeText).toHaveBeenCalledWith('800000000');
  });

  it('falls back to execCommand when the Clipboard API refuses', async () => {
    mockApi({});
    stubClipboard(() => Promise.reject(new Error('denied')));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderPanel();
    fireEvent.click(screen.getByTestId('consult-copy-qq'));
    await expectToast('复制成功');
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('says 操作失败 when copying is impossible', async () => {
    mockApi({});
    stubClipboard(() => Promise.reject(new Error('denied')));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    renderPanel();
    fireEvent.click(screen.getByTestId('consult-copy-qq'));
    await expectToast('操作失败');
  });
});
