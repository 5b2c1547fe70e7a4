import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultPcbParams, defaultPriceSheet, findPcbCliffs, yuan } from '@pcb/pricing';
import { CliffList } from './cliff-list';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('CliffList', () => {
  it('states each saving once, in one sentence, and applies the cheaper choice', async () => {
    // 12 pieces are past the 10-piece package; 60 pieces could be cheaper as more.
    const cliffs = [
      ...findPcbCliffs(defaultPriceSheet, { ...defaultPcbParams, quantity: 12 }),
      ...findPcbCliffs(defaultPriceSheet, {
        ...defaultPcbParams,
        lengthMm: 150,
        widthMm: 100,
        quantity: 60,
      }).filter((c) => c.kind === 'more'),
    ];
    expect(cliffs.map((c) => c.kind)).toEqual(['fewer', 'more']);
    const onApply = vi.fn();
    render(<CliffList cliffs={cliffs} onApply={onApply} />);

    const items = within(screen.getByRole('region', { name: '省钱建议' })).getAllByRole('listitem');
    expect(items[0]!.querySelector('p')!.textContent).toBe(
      `12片超出「10×10cm样板套餐」的10片，改为10片可省${yuan(cliffs[0]!.saving)}`,
    );
    items.forEach((item, i) => {
      const sentence = item.querySelector('p')!.textContent!;
      expect(sentence).toBe(cliffs[i]!.message);
      expect(occurrences(sentence, yuan(cliffs[i]!.saving))).toBe(1);
      expect(sentence).not.toMatch(/省.*省/);
    });

    await userEvent.click(within(items[0]!).getByRole('button', { name: /改用/ }));
    expect(onApply).toHaveBeenCalledWith(cliffs[0]);
  });
});
