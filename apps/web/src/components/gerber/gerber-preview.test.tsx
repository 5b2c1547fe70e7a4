import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GerberPreview } from './gerber-preview';
import type { GerberAnalysis } from './types';

const svg = (id: string) => `<svg xmlns="http://www.w3.org/2000/svg" id="${id}"></svg>`;
const fourLayer: GerberAnalysis = {
  files: [
    { path: 'gerbers/board-F_Cu.gbr', type: 'copper', side: 'top' },
    { path: 'gerbers/board-In1_Cu.gbr', type: 'copper', side: 'inner' },
    { path: 'gerbers/board-Edge_Cuts.gbr', type: 'outline', side: 'all' },
    {
      path: 'readme.md',
      type: null,
      side: null,
      problem: '文件名无法识别为Gerber或钻孔层，未使用',
    },
  ],
  size: { known: true, value: { widthMm: 100, heightMm: 100 } },
  copperLayers: { known: true, value: { count: 4, outer: 2, inner: 2 } },
  drill: { known: false, reason: '压缩包里没有钻孔文件（如 .TXT/.DRL），孔数和最小孔径未知' },
  top: { known: true, value: svg('board_top') },
  bottom: { known: true, value: svg('board_bottom') },
  timings: { unzipMs: 1, renderMs: 100, totalMs: 101 },
};

describe('GerberPreview', () => {
  it('shows the derived facts, what could not be derived, and toggles top / bottom', async () => {
    render(<GerberPreview analysis={fourLayer} />);
    const list = screen.getByLabelText('从文件得出');
    expect(list).toHaveTextContent('板子尺寸100 × 100 mm');
    expect(list).toHaveTextContent('铜层4层（含内层2）');
    expect(list).toHaveTextContent('识别文件3/4个');
    expect(list).not.toHaveTextContent('钻孔');
    const unknown = within(screen.getByRole('list', { name: '未能得出' })).getAllByRole('listitem');
    expect(unknown.map((li) => li.textContent)).toEqual([
      '压缩包里没有钻孔文件（如 .TXT/.DRL），孔数和最小孔径未知',
      'readme.md：文件名无法识别为Gerber或钻孔层，未使用',
    ]);

    const top = screen.getByRole('img', { name: '电路板顶面预览' });
    expect(decodeURIComponent(top.getAttribute('src')!)).toContain('id="board_top"');
    expect(screen.getByRole('button', { name: '顶面' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '底面' }));
    const bottom = screen.getByRole('img', { name: '电路板底面预览' });
    expect(decodeURIComponent(bottom.getAttribute('src')!)).toContain('id="board_bottom"');
    expect(screen.getByRole('button', { name: '底面' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists mismatches with the quote, each fixed by one tap', async () => {
    const onApplyFix = vi.fn();
    render(
      <GerberPreview
        analysis={fourLayer}
        quote={{ layers: 2, lengthMm: 100.3, widthMm: 100 }}
        onApplyFix={onApplyFix}
      />,
    );
    const mismatches = screen.getByRole('list', { name: '报价与文件不一致' });
    expect(
      within(mismatches)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '文件板框为100×100mm，报价为100.3×100mm改为100×100mm',
      '文件有4层铜，报价为2层改为4层',
    ]);
    await userEvent.click(screen.getByRole('button', { name: '改为4层' }));
    expect(onApplyFix).toHaveBeenCalledWith({ layers: 4 });
    await userEvent.click(screen.getByRole('button', { name: '改为100×100mm' }));
    expect(onApplyFix).toHaveBeenLastCalledWith({ lengthMm: 100, widthMm: 100 });
  });

  it('says so when the quote agrees with the file', () => {
    render(
      <GerberPreview analysis={fourLayer} quote={{ layers: 4, lengthMm: 100, widthMm: 100 }} />,
    );
    expect(screen.queryByRole('list', { name: '报价与文件不一致' })).toBeNull();
    expect(screen.getByText('报价的尺寸和层数与文件一致')).toBeInTheDocument();
  });

  it('without a render, says why instead of a picture', () => {
    render(
      <GerberPreview
        analysis={{
          ...fourLayer,
          top: { known: false, reason: '没有可渲染的层文件，无法预览' },
        }}
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getAllByText('没有可渲染的层文件，无法预览')).toHaveLength(2);
  });
});
