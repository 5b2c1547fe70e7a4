import { useMemo, useState } from 'react';
import type { OrderKind } from '@pcb/contract/order-quote';
import {
  couriers,
  createWorkCalendar,
  orderKindRegistry,
  provinces,
  type ParamsOf,
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
import { quoteKindOf, withQuoteKind } from '../../../lib/quote-link';
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
import { formGroups, withFields } from '../form-layout';
import { publishedDay } from '../price-sheet-source';
import { issuesFor, priceQuote } from '../quote-model';
import { usePublishedSheet } from '../use-published-sheet';

type Params = Record<string, unknown>;
type Drafts = Record<OrderKind, Params>;

const kinds: OrderKind[] = ['pcb', 'smt', 'stencil'];
// The contract's orderKindNames would bring zod into the page: the tabs name the kinds here.

/** The 运费估算 choice kept on this device, if it still names a province and a courier. */
function readShippingChoice(): ShippingChoice | null {
  const raw = getQuoteShipping();
  if (!raw || typeof raw !== 'object') return null;
  const { province, courier } = raw as Record<string, unknown>;
  if (!(provinces as readonly unknown[]).includes(province)) return null;
  if (!(couriers as readonly unknown[]).includes(courier)) return null;
  return { province, courier } as ShippingChoice;
}

function initialDrafts(restored: OrderInfo | null): Drafts {
  const drafts = {
    pcb: orderKindRegistry.pcb.defaults,
    smt: orderKindRegistry.smt.defaults,
    stencil: orderKindRegistry.stencil.defaults,
  } as unknown as Drafts;
  if (restored) drafts[restored.kind] = restored.params as unknown as Params;
  return drafts;
}

/** What followed the member's last change by itself, said under the field they changed. */
interface FollowNote {
  kind: OrderKind;
  field: string;
  messages: string[];
}

/** Brings a field into view and puts the focus in it (its chosen option, else its first). */
function goToField(element: Element | null) {
  if (!(element instanceof HTMLElement)) return;
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  const target =
    element.querySelector<HTMLElement>('[aria-checked="true"], input, button') ?? element;
  target.focus({ preventScroll: true });
}

/**
 * /OrdersPCB: its own light entry (orders-pcb.html), on the tab `?kind=` names, else the kept
 * quote's. Anonymous visitors price too; the page reprices with the engine on every change,
 * without a request. 下单 keeps the quote in `orderInfo` and continues to /fillOrder, through
 * the login when needed (which goes on to /fillOrder; back here, every choice is restored).
 */
export function QuotePage() {
  const sheetState = usePublishedSheet();
  const [restored] = useState(readOrderInfo);
  const [kind, setKind] = useState<OrderKind>(
    () => quoteKindOf(window.location.search) ?? restored?.kind ?? 'pcb',
  );
  const [form, setForm] = useState<{ drafts: Drafts; note: FollowNote | null }>(() => ({
    drafts: initialDrafts(restored),
    note: null,
  }));
  const drafts = form.drafts;
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
  const params = drafts[kind];
  const priced = useMemo(
    () =>
      published
        ? priceQuote(kind, params as never, {
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
  // Refusals of fields the form does not show (the PCB build time among them: while refused
  // there is no comparison to show it in) go at the top.
  const otherIssues = (priced?.issues ?? []).filter((i) => !shownFields.has(i.field));
  const sheetLabel = published
    ? `价格表第${published.version}版（${publishedDay(published.publishedAt)}发布）`
    : '';

  /** Sets fields of a kind's draft; what follows by itself is said under `noteField`. */
  const change = (k: OrderKind, values: Params, noteField: string) => {
    if (!published) return;
    setForm(({ drafts: all }) => {
      const next = withFields(k, all[k], values, published.sheet);
      const messages = next.followed.map((f) => f.message);
      return {
        drafts: { ...all, [k]: next.params },
        note: messages.length > 0 ? { kind: k, field: noteField, messages } : null,
      };
    });
  };
  const setField = (key: string, value: unknown) => change(kind, { [key]: value }, key);
  const applyDimensions = (values: Partial<QuoteDimensions>) => change('pcb', values, 'layers');
  const applyCliff = (cliff: PriceCliff) =>
    setForm(({ drafts: all }) => ({
      drafts: { ...all, pcb: cliff.params as unknown as Params },
      note: null,
    }));
  const chooseKind = (k: OrderKind) => {
    setKind(k);
    window.history.replaceState(window.history.state, '', withQuoteKind(window.location.search, k));
  };

  function onGerberPicked(picked: PickedGerber) {
    setGerber({ file: picked.file, summary: picked.summary });
    applyDimensions(picked.values);
  }

  async function order() {
    const quote = priced?.quote;
    if (!quote || !priced) return;
    setOrdering(true);
    const info = {
      kind,
      params,
      total: quote.total,
      sheetVersion: quote.sheetVersion,
      paramString: priced.paramString,
      ...(kind === 'pcb' && gerber ? { gerber: gerber.summary } : {}),
    } as unknown as OrderInfo;
    saveOrderInfo(info);
    if (kind === 'pcb' && gerber?.file) await keepOrderFile(gerber.file);
    else if (kind !== 'pcb' || !gerber) await removeOrderFile();
    if (isTokenValid(getAccessToken())) {
      documentNavigation.assign(paths.fillOrder);
    } else {
      // After the login the member goes on with this quote, as a logged-in member would.
      setReturnUrl(paths.fillOrder);
      documentNavigation.assign(paths.login);
    }
  }

  const pcbParams = drafts.pcb as unknown as ParamsOf['pcb'];
  // The bar names the first refused field in form order (else the notice at the top), and a tap
  // brings it into view: the field may be far below the one just changed.
  const issueFields = new Set((priced?.issues ?? []).map((i) => i.field));
  const refusedFields = groups.flatMap((g) => g.fields).filter((f) => issueFields.has(f.key));
  const firstRefused = refusedFields[0];
  const refusedCount = refusedFields.length + (otherIssues.length > 0 ? 1 : 0);
  const blocked = !published
    ? sheetState.error
      ? '价格表未加载'
      : '价格表加载中…'
    : priced && priced.issues.length > 0
      ? firstRefused
        ? `请修改「${firstRefused.spec.label}」${refusedCount > 1 ? `等${refusedCount}项` : ''}`
        : '请先处理上方的提示'
      : null;
  const goToRefused =
    published && priced && priced.issues.length > 0
      ? () =>
          goToField(
            firstRefused
              ? document.querySelector(`[data-field="${firstRefused.key}"]`)
              : document.getElementById('quote-other-issues'),
          )
      : undefined;
  const note = form.note?.kind === kind ? form.note : null;

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
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            aria-label={orderKindRegistry[k].name}
            className="q-tab"
            onClick={() => chooseKind(k)}
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
          <ul className="q-notice" role="alert" id="quote-other-issues" tabIndex={-1}>
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
                value={params[field.key]}
                issues={issuesFor(priced?.issues ?? [], field.key)}
                note={note?.field === field.key ? note.messages : undefined}
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
            <CliffList cliffs={priced.cliffs} onApply={applyCliff} />
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
        onBlockedTap={goToRefused}
        isOrdering={isOrdering}
        onShowLines={() => setShowLines(true)}
        onOrder={() => void order()}
      />
      {showLines && priced?.quote && (
        <FeeSheet
          quote={priced.quote}
          sheetLabel={sheetLabel}
          showMemberDiscount={kind === 'pcb'}
          onClose={() => setShowLines(false)}
        />
      )}
    </div>
  );
}
