// The board as the file describes it: top / bottom render, the facts derived from the Gerber
// set, what could not be derived (plainly), and — given the quote — its mismatches with a
// one-tap fix each. Hosted by the quote page after `import()` of this folder.
import { useState } from 'react';
import { AlertCircleIcon, CheckCircleIcon } from '../icons';
import { compareWithQuote } from './compare';
import type { GerberAnalysis, QuoteDimensions } from './types';
import './gerber-preview.css';

export interface GerberPreviewProps {
  analysis: GerberAnalysis;
  /** The quote's current values; mismatches are shown only when given. */
  quote?: QuoteDimensions;
  /** Applies a fix's values to the quote (shown as a button beside each mismatch). */
  onApplyFix?: (values: Partial<QuoteDimensions>) => void;
}

const sideLabels = { top: '顶面', bottom: '底面' } as const;
const typeLabels: Record<string, string> = {
  copper: '铜层',
  soldermask: '阻焊',
  silkscreen: '丝印',
  solderpaste: '钢网/锡膏',
  drill: '钻孔',
  outline: '板框',
  drawing: '图纸',
};
const sideNames: Record<string, string> = { top: '顶', bottom: '底', inner: '内', all: '' };

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function GerberPreview({ analysis, quote, onApplyFix }: GerberPreviewProps) {
  const [side, setSide] = useState<'top' | 'bottom'>('top');
  const render = analysis[side];
  const { size, copperLayers, drill } = analysis;
  const facts: { label: string; value: string }[] = [];
  if (size.known)
    facts.push({ label: '板子尺寸', value: `${size.value.widthMm} × ${size.value.heightMm} mm` });
  if (copperLayers.known) {
    const { count, inner } = copperLayers.value;
    facts.push({ label: '铜层', value: inner > 0 ? `${count}层（含内层${inner}）` : `${count}层` });
  }
  if (drill.known) {
    facts.push({ label: '钻孔', value: `${drill.value.hits}孔` });
    facts.push({ label: '最小孔径', value: `${drill.value.smallestMm}mm` });
  }
  const recognised = analysis.files.filter((f) => f.type && !f.problem).length;
  facts.push({ label: '识别文件', value: `${recognised}/${analysis.files.length}个` });

  const unknown = [size, copperLayers, drill, render].flatMap((d) => (d.known ? [] : [d.reason]));
  const skipped = analysis.files.filter((f) => f.problem);
  const mismatches = quote ? compareWithQuote(analysis, quote) : [];

  return (
    <section className="gerber-preview" aria-label="Gerber文件预览">
      <div className="gerber-preview-sides" role="group" aria-label="查看面">
        {(['top', 'bottom'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className="gerber-preview-side"
            aria-pressed={side === s}
            onClick={() => setSide(s)}
          >
            {sideLabels[s]}
          </button>
        ))}
      </div>
      <div className="gerber-preview-board">
        {render.known ? (
          <img src={svgUrl(render.value)} alt={`电路板${sideLabels[side]}预览`} />
        ) : (
          <p className="gerber-preview-none">{render.reason}</p>
        )}
      </div>

      {mismatches.length > 0 && (
        <ul className="gerber-preview-mismatches" aria-label="报价与文件不一致">
          {mismatches.map((m) => (
            <li key={m.field}>
              <AlertCircleIcon className="gerber-preview-icon" />
              <span>{m.message}</span>
              {m.fix && onApplyFix && (
                <button
                  type="button"
                  className="gerber-preview-fix"
                  onClick={() => onApplyFix(m.fix!)}
                >
                  {m.fixLabel}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {quote && mismatches.length === 0 && (size.known || copperLayers.known) && (
        <p className="gerber-preview-match">
          <CheckCircleIcon className="gerber-preview-icon" />
          报价的尺寸和层数与文件一致
        </p>
      )}

      <dl className="gerber-preview-facts" aria-label="从文件得出">
        {facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>

      {(unknown.length > 0 || skipped.length > 0) && (
        <div className="gerber-preview-unknown">
          <h3>未能得出</h3>
          <ul aria-label="未能得出">
            {unknown.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
            {skipped.map((f) => (
              <li key={f.path}>
                {f.path}：{f.problem}
              </li>
            ))}
          </ul>
        </div>
      )}

      <details className="gerber-preview-files">
        <summary>文件识别结果</summary>
        <ul>
          {analysis.files
            .filter((f) => f.type)
            .map((f) => (
              <li key={f.path}>
                <span>{f.path}</span>
                <span>
                  {sideNames[f.side ?? 'all']}
                  {typeLabels[f.type!]}
                </span>
              </li>
            ))}
        </ul>
      </details>
    </section>
  );
}
