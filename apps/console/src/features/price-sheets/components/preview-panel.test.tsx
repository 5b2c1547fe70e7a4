import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { PriceWarnings } from './preview-panel';

describe('PriceWarnings', () => {
  it('lists each sample the preview warns about under one question', () => {
    const warnings = [
      'PCB 2层 100×100mm 10片：草稿报价为¥0.00，会员可以零元下单',
      'PCB 2层 300×300mm 5000片：草稿报价¥104.50，不到生效价格¥22,600.00的一半',
    ];
    render(<PriceWarnings warnings={warnings} />);
    expect(screen.getByRole('alert')).toHaveTextContent('草稿的价格明显偏低，请确认不是输入错误');
    const items = within(screen.getByRole('list', { name: '价格提醒' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(warnings);
  });

  it('shows nothing when there is nothing to warn about', () => {
    const { container } = render(<PriceWarnings warnings={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
