import { useMemo, useState } from 'react';
import {
  couriers,
  createWorkCalendar,
  orderKindRegistry,
  orderKinds,
  pcbLayers,
  provinces,
  type OrderKind,
  type ParamsOf,
  type PcbParams,
  type PriceCliff,
  type ShippingChoice,
} from '@pcb/pricing';
import type { QuoteDimensions } from '../../../components/gerber';
import { isTokenValid } from '../../../lib/access-token';
import { documentNavigation } from '../../../lib/document-navigation';
import { keepOrderFile, removeOrderFile } from '../../../lib/order-file-store';
import {
  readOrderInfo,
  saveOrderInfo,
  type GerberSummary,
  type OrderInfo,
} from '../../../lib/order-info';
import { paths } from '../../../lib/paths';
import {
  getAccessToken,
  getQuoteShipping,
  setQuoteShipping,
  setReturnUrl,
} from '../../../lib/storage';
import { BuildTimeCompare } from '../components/build-time-compare';
import { CliffList } from '../components/cliff-list';
import { FeeSheet } from '../components/fee-sheet';
import { GerberPanel, type PickedGerber } from '../components/gerber-panel';
import { ParamField } from '../components/param-field';
import { PriceBar } from '../components/price-bar';
import { ShippingEstimate } from '../components/shipping-estimate';
import { formGroups, withField } from '../form-layout';
import { publishedDay } from '../price-sheet-source';
import { issuesFor, priceQuote } from '../quote-model';
import { usePublishedSheet } from '../use-published-sheet';

/** Each kind's parameters as the member left them; a kind not yet changed has none. */
type Drafts = { [K in OrderKind]?: ParamsOf[K] };

/** The kind's draft: the registry's defaults until the member changes one. */
const draftOf = <K extends OrderKind>(drafts: Drafts, kind: K): ParamsOf[K] =>
  drafts[kind] ?? orderKindRegistry[kind].defaults;

const withDraft = <K extends OrderKind>(drafts: Drafts, kind: K, params: ParamsOf[K]): Drafts => ({
  ...drafts,
  [kind]: params,
});

/** The Gerber's size and layers on the PCB draft (it offers only layer counts we build). */
function withDimensions(p: PcbParams, values: Partial<QuoteDimensions>): PcbParams {
  const { layers, ...size } = values;
  const orderable = pcbLayers.find((l) => l === layers);
  return { ...p, ...size, ...(orderable ? { layers: orderable } : {}) };
}

/** The 运费估算 choice kept on this device, if it still names a province and a courier. */
function readShippingChoice(): ShippingChoice | null {
  const raw = getQuoteShipping();
  if (!raw || typeof raw !== 'object') return null;
  const { province, courier } = raw as Record<string, unknown>;
  if (!(provinces as readonly unknown[]).includes(province)) return null;
  if (!(couriers as readonly unknown[]).includes(courier)) return null;
  return { province, courier } as ShippingChoice;
}

const initialDrafts = (restored: OrderInfo | null): Drafts =>
  restored ? withDraft({}, restored.kind, restored.params) : {};

/**
 * /OrdersPCB: its own light entry (orders-pcb.html). Anonymous visitors price too; the page
 * reprices with the engine on every change, without a request. 下单 keeps the quote in
 * `orderInfo` and continues to /fillOrder, through the login when needed (which comes back
 * here with every choice restored).
 */
export function QuotePage() {
  const sheetState = usePublishedSheet();
  const [restored] = useState(readOrderInfo);
  const [kind, setKind] = useState<OrderKind>(restored?.kind ?? 'pcb');
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(restored));
  const [gerber, setGerber] = useState<{ file?: File; summary: GerberSummary } | null>(
    restored?.kind === 'pcb' && restored.gerber ? { summary: restored.gerber } : null,
  );
  const [showLines, setShowLines] = useState(false);
  const [isOrdering, setOrdering] = useState(false);
  const [orderedAt] = useState(() => Date.now());
  const [shipping, setShipping] = useState<ShippingChoice | null>(readShippingChoice);

  const published = sheetState.published;
  const calendar = useMemo(
    () => (published ? createWorkCalendar(published.calendar) : undefined),
    [published],
  );
  const params = draftOf(drafts, kind);
  const values: Readonly<Record<string, unknown>> = params;
  const priced = useMemo(
    () =>
      published
        ? priceQuote(kind, params, {
            sheet: published.sheet,
            calendar,
            orderedAt,
            shipping: shipping ?? undefined,
          })
        : null,
    [kind, params, published, calendar, orderedAt, shipping],
  );
  const groups = published ? formGroups(kind, params, published.sheet) : [];
  const shownFields = new Set(groups.flatMap((g) => g.fields.map((f) => f.key)));
  const otherIssues = (priced?.issues ?? []).filter(
    (i) => !shownFields.has(i.field) && !(kind === 'pcb' && i.field === 'buildTime'),
  );
  const sheetLabel = published
    ? `价格表第${published.version}版（${publishedDay(published.publishedAt)}发布）`
    : '';

  const setField = (key: string, value: unknown) => {
    if (!published) return;
    const next = withField(kind, params, key, value, published.sheet);
    setDrafts((all) => withDraft(all, kind, next));
  };
  const applyDimensions = (values: Partial<QuoteDimensions>) =>
    setDrafts((all) => withDraft(all, 'pcb', withDimensions(draftOf(all, 'pcb'), values)));

  function onGerberPicked(picked: PickedGerber) {
    setGerber({ file: picked.file, summary: picked.summary });
    applyDimensions(picked.values);
  }

  async function order() {
    const quote = priced?.quote;
    if (!quote || !priced) return;
    setOrdering(true);
    saveOrderInfo({
      kind,
      params,
      total: quote.total,
      sheetVersion: quote.sheetVersion,
      paramString: priced.paramString,
      ...(kind === 'pcb' && gerber ? { gerber: gerber.summary } : {}),
    });
    if (kind === 'pcb' && gerber?.file) await keepOrderFile(gerber.file);
    else if (kind !== 'pcb' || !gerber) await removeOrderFile();
    if (isTokenValid(getAccessToken())) {
      documentNavigation.assign(paths.fillOrder);
    } else {
      setReturnUrl(paths.ordersPcb);
      documentNavigation.assign(paths.login);
    }
  }

  const pcbParams = draftOf(drafts, 'pcb');
  const blocked = !published
    ? sheetState.error
      ? '价格表未加载'
      : '价格表加载中…'
    : priced && priced.issues.length > 0
      ? '请先修改标红的参数'
      : null;

  return (
    <div className="q-page">
      <header className="q-header">
        <a className="q-header-side" href={paths.home} aria-label="返回首页">
          ‹
        </a>
        <h1>在线计价</h1>
        <a className="q-header-side" href={paths.member}>
          我的
        </a>
      </header>

      <div className="q-tabs" role="tablist" aria-label="产品">
        {orderKinds.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            aria-label={orderKindRegistry[k].name}
            className="q-tab"
            onClick={() => setKind(k)}
          >
            {orderKindRegistry[k].tabName}
          </button>
        ))}
      </div>

      <main className="q-main">
        {sheetState.isStale && published && (
          <p className="q-notice" role="status">
            网络不可用：按{sheetLabel}离线计价，提交订单时以最新价格为准
          </p>
        )}
        {!published && sheetState.error && (
          <div className="q-notice" role="alert">
            <span>{sheetState.error}</span>
            <button type="button" className="q-small-button" onClick={sheetState.retry}>
              重试
            </button>
          </div>
        )}
        {!published && !sheetState.error && (
          <p className="q-muted" role="status">
            价格表加载中…
          </p>
        )}

        {published && kind === 'pcb' && (
          <GerberPanel
            quote={{
              layers: pcbParams.layers,
              lengthMm: pcbParams.lengthMm,
              widthMm: pcbParams.widthMm,
            }}
            keptName={gerber?.summary.fileName}
            restoreName={restored?.kind === 'pcb' ? restored.gerber?.fileName : undefined}
            onKeptFile={(file) => setGerber((g) => (g ? { ...g, file } : g))}
            onPicked={onGerberPicked}
            onApplyFix={applyDimensions}
          />
        )}

        {otherIssues.length > 0 && (
          <ul className="q-notice" role="alert">
            {otherIssues.map((i) => (
              <li key={`${i.field}-${i.code}`}>{i.message}</li>
            ))}
          </ul>
        )}

        {groups.map((group) => (
          <section key={group.title} className="q-card" aria-label={group.title}>
            <h2 className="q-card-title">{group.title}</h2>
            {group.fields.map((field) => (
              <ParamField
                key={`${kind}-${field.key}`}
                field={field}
                value={values[field.key]}
                issues={issuesFor(priced?.issues ?? [], field.key)}
                onChange={(value) => setField(field.key, value)}
              />
            ))}
          </section>
        ))}

        {priced?.quote && priced.quote.warnings.length > 0 && (
          <ul className="q-warnings" aria-label="提示">
            {priced.quote.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}

        {published && (
          <ShippingEstimate
            value={shipping}
            onChange={(next) => {
              setShipping(next);
              setQuoteShipping(next);
            }}
          />
        )}

        {kind === 'pcb' && priced && (
          <>
            <CliffList
              cliffs={priced.cliffs}
              onApply={(cliff: PriceCliff) =>
                setDrafts((all) => withDraft(all, 'pcb', cliff.params))
              }
            />
            <BuildTimeCompare
              options={priced.buildTimes}
              selected={pcbParams.buildTime}
              onSelect={(buildTime) => setField('buildTime', buildTime)}
            />
          </>
        )}

        {priced && (
          <p className="q-summary" data-testid="quote-param-string">
            {priced.paramString}
          </p>
        )}
        {published && <p className="q-muted q-sheet-version">{sheetLabel}</p>}
      </main>

      <PriceBar
        quote={priced?.quote ?? null}
        blocked={blocked}
        isOrdering={isOrdering}
        onShowLines={() => setShowLines(true)}
        onOrder={() => void order()}
      />
      {showLines && priced?.quote && (
        <FeeSheet
          quote={priced.quote}
          sheetLabel={sheetLabel}
          onClose={() => setShowLines(false)}
        />
      )}
    </div>
  );
}
