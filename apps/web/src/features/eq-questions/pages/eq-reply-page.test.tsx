import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Eq } from '@pcb/contract';
import type { EqOrderProgress } from '@pcb/contract/eq-question';
import { envelope } from '@pcb/client/test';
import { baseApi, logIn } from '../../../test/base-api';
import { uploadTicketFor } from '../../../test/fixtures';
import { eq } from '../../../test/order-fixtures';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';

const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeEach(() => logIn());
afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(URL, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke });
});

function fakeStorage() {
  class FakeXhr {
    status = 0;
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror = null;
    onabort = null;
    open() {}
    abort() {}
    send() {
      queueMicrotask(() => {
        this.status = 200;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs: the previews get a stand-in.
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
}

/**
 * The questions' server: each order's progress as the server works it out (it waits in 待确认
 * while a question or a new price waits for the member, then goes back to the engineer).
 */
function eqServer(initial: Eq[], options: { pendingPriceChange?: number[] } = {}) {
  let eqs = initial;
  const pricePending = new Set(options.pendingPriceChange ?? []);
  const progressOf = (orderId: number): EqOrderProgress => {
    const openEqs = eqs.filter((e) => e.orderId === orderId && e.status === 'open').length;
    const pendingPriceChange = pricePending.has(orderId);
    return {
      status: openEqs > 0 || pendingPriceChange ? 'awaitingConfirmation' : 'pendingReview',
      openEqs,
      pendingPriceChange,
    };
  };
  return baseApi({
    'GET /api/EqQuestion/GetEqList': () => {
      const items = eqs.map((e) => ({ ...e, orderProgress: progressOf(e.orderId) }));
      return { body: envelope({ items, total: items.length, page: 1, pageSize: 50 }) };
    },
    'GET /api/Common/getUploadCode': (r) => ({
      body: envelope(
        uploadTicketFor(r.url.searchParams.get('dirType')!, r.url.searchParams.get('fileExt')!),
      ),
    }),
    'POST /api/EqQuestion/Reply': (r) => {
      const body = r.body as { id: number; choice?: string; text?: string; images?: string[] };
      eqs = eqs.map((e) =>
        e.id === body.id
          ? {
              ...e,
              status: 'answered',
              answer: {
                choice: body.choice ?? null,
                text: body.text ?? null,
                images: [],
                answeredAt: '2026-11-24T06:00:00.000Z',
              },
            }
          : e,
      );
      const answered = eqs.find((e) => e.id === body.id)!;
      return { body: envelope({ ok: true, orderProgress: progressOf(answered.orderId) }) };
    },
  });
}

describe('/InfoList/eqReply', () => {
  it('answers an order’s question with a choice, text and an image', async () => {
    fakeStorage();
    const { requests } = eqServer([
      eq(5, { images: [{ key: 'eqQuestion/1/a.png', url: 'https://oss.example.com/a.png' }] }),
      eq(6, {
        status: 'answered',
        question: '板厚是否可改为1.2mm？',
        answer: { choice: '可以', text: null, images: [], answeredAt: '2026-11-24T05:00:00.000Z' },
      }),
    ]);
    renderApp('/InfoList/eqReply?orderId=1');
    const [open, answered] = await screen.findAllByTestId('eq-card');
    expect(open).toHaveTextContent('阻焊开窗与焊盘重叠，是否按文件生产？');
    expect(within(open!).getByRole('img', { name: '问题图片1' })).toHaveAttribute(
      'src',
      'https://oss.example.com/a.png',
    );
    expect(within(answered!).getByTestId('eq-answer')).toHaveTextContent('选择：可以');
    expect(screen.getByText(/1个问题待回复/)).toBeInTheDocument();

    act(() => fireEvent.click(within(open!).getByTestId('eq-submit')));
    expect(await within(open!).findByTestId('eq-problem')).toHaveTextContent(
      '请选择一个方案，或填写您的回复',
    );

    act(() => fireEvent.click(within(open!).getByText('按工程建议修改')));
    act(() =>
      fireEvent.change(within(open!).getByLabelText('补充说明'), {
        target: { value: '请按建议处理' },
      }),
    );
    const input = within(open!).getByTestId('eq-image-input');
    act(() =>
      fireEvent.change(input, {
        target: { files: [new File(['png'], 'pad.png', { type: 'image/png' })] },
      }),
    );
    await waitFor(() => expect(within(open!).getByTestId('eq-submit')).not.toBeDisabled());
    expect(within(open!).getAllByTestId('eq-reply-image')).toHaveLength(1);
    act(() => fireEvent.click(within(open!).getByTestId('eq-submit')));
    await expectToast('已回复，工程师会继续审核');
    await waitFor(() =>
      expect(screen.getAllByTestId('eq-status').map((s) => s.textContent)).toEqual([
        '已回复',
        '已回复',
      ]),
    );
    expect(requests.find((r) => r.url.pathname === '/api/EqQuestion/Reply')?.body).toEqual({
      id: 5,
      choice: '按工程建议修改',
      text: '请按建议处理',
      images: ['eqReply/1/f1.png'],
    });
    expect(screen.getByTestId('eq-note')).toHaveTextContent('问题都已回复，工程师会继续审核。');
    expect(screen.queryByTestId('eq-confirm-price')).toBeNull();
    const list = requests.find((r) => r.url.pathname === '/api/EqQuestion/GetEqList')!;
    expect(list.url.searchParams.get('orderId')).toBe('1');
  });

  it('when a new price still waits, the last answer says so and leads to the price', async () => {
    eqServer([eq(5)], { pendingPriceChange: [1] });
    renderApp('/InfoList/eqReply?orderId=1');
    const card = await screen.findByTestId('eq-card');
    expect(screen.getByTestId('eq-note')).toHaveTextContent(
      '1个问题待回复，工程师调整的价格也待您确认：都处理后工程师继续审核',
    );
    act(() => fireEvent.click(within(card).getByText('按文件生产')));
    act(() => fireEvent.click(within(card).getByTestId('eq-submit')));
    // Not 工程师会继续审核: the order waits for the member's answer to the new price.
    await expectToast('已回复，请确认工程师调整后的价格');
    await waitFor(() =>
      expect(screen.getByTestId('eq-note')).toHaveTextContent(
        '问题都已回复。工程师还调整了价格，请在订单详情中确认新价格，确认后工程师继续审核。',
      ),
    );
    expect(screen.getByTestId('eq-note')).not.toHaveTextContent('工程师会继续审核');
    act(() => fireEvent.click(screen.getByTestId('eq-confirm-price')));
    expect(await screen.findByTestId('order-detail-page')).toBeInTheDocument();
  });

  it('with more questions open, an answer says how many are left', async () => {
    eqServer([eq(5), eq(6, { question: '板厚是否可改为1.2mm？' })]);
    renderApp('/InfoList/eqReply?orderId=1');
    const [first] = await screen.findAllByTestId('eq-card');
    expect(screen.getByTestId('eq-note')).toHaveTextContent('2个问题待回复');
    act(() => fireEvent.click(within(first!).getByText('按文件生产')));
    act(() => fireEvent.click(within(first!).getByTestId('eq-submit')));
    await expectToast('已回复，还有1个问题待回复');
  });

  it('every open question: says when some order also has a new price to confirm', async () => {
    eqServer([eq(5), eq(7, { orderId: 2, orderNo: 'P2026112400002' })], {
      pendingPriceChange: [2],
    });
    renderApp('/InfoList/eqReply');
    await screen.findAllByTestId('eq-card');
    expect(screen.getByTestId('eq-note')).toHaveTextContent(
      '2个问题待回复。有的订单还有工程师调整的价格待您确认',
    );
  });

  it('from a site message: the question it names comes first', async () => {
    eqServer([eq(5), eq(6, { question: '板厚是否可改为1.2mm？' })]);
    renderApp('/InfoList/eqReply?orderId=1&id=6');
    const cards = await screen.findAllByTestId('eq-card');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['工程问题6', '工程问题5']);
  });

  it('without an order, lists every question waiting; none left says so', async () => {
    const { requests } = eqServer([]);
    renderApp('/InfoList/eqReply');
    expect((await screen.findByTestId('page-empty')).textContent).toBe('没有待回复的工程问题');
    const list = requests.find((r) => r.url.pathname === '/api/EqQuestion/GetEqList')!;
    expect(list.url.searchParams.has('orderId')).toBe(false);
  });
});
