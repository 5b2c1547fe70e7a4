import { useEffect, useState } from 'react';
import { Button, TextArea } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { maskMobile } from '@pcb/contract';
import { MemberContact, contactUserTypeNames } from '@pcb/contract/member-contact';
import { MemberInvoice, type InvoiceProfile } from '@pcb/contract/member-invoice';
import { MemberReceiver, type Receiver } from '@pcb/contract/member-receiver';
import {
  PRICE_CHANGED_MESSAGE,
  orderStatusNames,
  type PlacedOrder,
} from '@pcb/contract/order-quote';
import {
  courierLabels,
  couriers,
  invoiceKinds,
  invoiceLabels,
  orderKindRegistry,
  yuan,
  type Courier,
  type InvoiceKind,
} from '@pcb/pricing';
import { errorMessage } from '../../../components/feedback';
import { CheckCircleIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty } from '../../../components/page-status';
import { ApiError } from '@pcb/client';
import { useEndpointQuery } from '../../../lib/api';
import { documentNavigation } from '../../../lib/document-navigation';
import { newGuid } from '../../../lib/guid';
import { readOrderFile, removeOrderFile } from '../../../lib/order-file-store';
import { readOrderInfo, type OrderInfo } from '../../../lib/order-info';
import { orderHref, paths } from '../../../lib/paths';
import { REVIEW_PROMISE } from '../../../lib/review-promise';
import { removeOrderInfo } from '../../../lib/storage';
import { usePlaceOrder } from '../api/place-order';
import { priceChangedSinceQuote, useServerQuote } from '../api/server-quote';
import { OrderFileUpload, type UploadedOrderFile } from '../components/order-file-upload';
import '../orders.css';

// The address screen's "new" route (features/addresses/address-route.ts), back here once saved.
const NEW_ADDRESS_PATH = `${paths.editAddress.replace(':data', 'new')}?returnTo=${paths.fillOrder}`;

/** The invoice profile screen, back here once saved, with the kind of invoice still chosen. */
const newInvoiceProfilePath = (invoice: InvoiceKind) =>
  `${paths.editInvoice}?returnTo=${encodeURIComponent(`${paths.fillOrder}?invoice=${invoice}`)}`;

/** `?invoice=` as the invoice profile screen sends the member back; none otherwise. */
function invoiceFrom(param: string | null): InvoiceKind {
  return invoiceKinds.find((kind) => kind === param) ?? 'none';
}
const dayText = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/** /fillOrder: the quote kept in orderInfo becomes an order (待审核). */
export function FillOrderPage() {
  const [info] = useState(readOrderInfo);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  if (placed) return <OrderPlaced order={placed} />;
  if (!info) {
    return (
      <div className="order-page" data-testid="fill-order-empty-page">
        <PageHeader>填写订单</PageHeader>
        <PageEmpty text="没有待下单的报价，请先计价">
          <Button color="primary" onClick={() => documentNavigation.assign(paths.ordersPcb)}>
            去计价
          </Button>
        </PageEmpty>
      </div>
    );
  }
  return <FillOrder info={info} onPlaced={setPlaced} />;
}

/** What the order still needs, and the card that asks for it. */
type Missing = { at: 'file' | 'receiver' | 'invoiceProfile'; message: string };
const sectionId = (at: Missing['at']) => `order-section-${at}`;

function Section({
  title,
  id,
  missing,
  children,
}: {
  title: string;
  id?: string;
  /** Shown on the card itself (red edge, the sentence under the title). */
  missing?: string | null;
  children: React.ReactNode;
}) {
  return (
    <section
      className={`order-card${missing ? ' order-card-missing' : ''}`}
      aria-label={title}
      id={id}
      tabIndex={-1}
      data-missing={missing ? true : undefined}
    >
      <h2 className="order-card-title">{title}</h2>
      {missing && (
        <p className="order-error order-card-problem" role="alert">
          {missing}
        </p>
      )}
      {children}
    </section>
  );
}

function Chips<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T | undefined;
  onChange: (value: T) => void;
}) {
  return (
    <div className="order-chips" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          className="order-chip"
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

const receiverText = (r: Receiver) =>
  `${r.region.province}${r.region.city}${r.region.county} ${r.address}`;

/** As the server rules: a 专票 needs a usable 专票 profile; a 普票 may use any profile. */
function usableFor(invoice: InvoiceKind, profile: InvoiceProfile): boolean {
  if (invoice === 'vatSpecial') return profile.invoiceType === 'special' && profile.isUsable;
  return true;
}

function FillOrder({ info, onPlaced }: { info: OrderInfo; onPlaced: (o: PlacedOrder) => void }) {
  const navigate = useNavigate();
  const [initialFile, setInitialFile] = useState<File | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void readOrderFile().then((file) => live && setInitialFile(file));
    return () => {
      live = false;
    };
  }, []);

  const defaultReceiver = useEndpointQuery(MemberReceiver.getDefaultOrLast, {});
  const [choosingReceiver, setChoosingReceiver] = useState(false);
  const receivers = useEndpointQuery(
    MemberReceiver.GetPagedList,
    { page: 1, pageSize: 50 },
    { enabled: choosingReceiver },
  );
  const [chosenReceiver, setChosenReceiver] = useState<Receiver | null>(null);
  const receiver = chosenReceiver ?? defaultReceiver.data ?? null;

  const contacts = useEndpointQuery(MemberContact.GetList, {});
  const [contactId, setContactId] = useState<number | undefined>();
  const contactList = contacts.data ?? [];
  const contact =
    contactList.find((c) => c.id === contactId) ?? contactList.find((c) => c.isMain) ?? null;

  const [courier, setCourier] = useState<Courier>('sf');
  const [searchParams] = useSearchParams();
  const [invoice, setInvoice] = useState<InvoiceKind>(() =>
    invoiceFrom(searchParams.get('invoice')),
  );
  const profiles = useEndpointQuery(MemberInvoice.GetList, {}, { enabled: invoice !== 'none' });
  const [profileId, setProfileId] = useState<number | undefined>();
  const usableProfiles = (profiles.data ?? []).filter((p) => usableFor(invoice, p));
  const profile =
    usableProfiles.find((p) => p.id === profileId) ??
    usableProfiles.find((p) => p.isDefault) ??
    usableProfiles[0] ??
    null;

  const [remark, setRemark] = useState('');
  const [file, setFile] = useState<UploadedOrderFile | null>(null);
  // One id per submission: a retry after a lost answer never places a second order.
  const [requestId] = useState(() => newGuid());
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState<Missing | null>(null);
  const [repriced, setRepriced] = useState(false);
  // Each refused submit brings the card that needs something into view, its first button focused.
  useEffect(() => {
    if (!missing) return;
    const card = document.getElementById(sectionId(missing.at));
    card?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    (card?.querySelector<HTMLElement>('button') ?? card)?.focus({ preventScroll: true });
  }, [missing]);
  const missingAt = (at: Missing['at']) => {
    if (missing?.at !== at) return null;
    const stillMissing =
      at === 'file' ? !file : at === 'receiver' ? !receiver : invoice !== 'none' && !profile;
    return stillMissing ? missing.message : null;
  };

  // Priced once the receiver is known (its province decides 运费).
  const serverQuote = useServerQuote(
    info,
    { receiverId: receiver?.id, courier: receiver ? courier : undefined, invoice },
    !defaultReceiver.isPending,
  );
  const place = usePlaceOrder(info);
  const quote = serverQuote.data;
  const changed = quote ? priceChangedSinceQuote(info, quote) : false;

  async function submit() {
    setProblem(null);
    setMissing(null);
    if (!quote) return;
    if (!file) return setMissing({ at: 'file', message: '请上传设计文件' });
    if (!receiver) return setMissing({ at: 'receiver', message: '请选择收货地址' });
    if (invoice !== 'none' && !profile) {
      return setMissing({ at: 'invoiceProfile', message: '请选择开票资料' });
    }
    try {
      const order = await place.mutateAsync({
        sheetVersion: quote.sheetVersion,
        expectedTotal: quote.total,
        receiverId: receiver.id,
        courier,
        ...(contact ? { contactId: contact.id } : {}),
        invoice,
        ...(invoice !== 'none' && profile ? { invoiceProfileId: profile.id } : {}),
        fileKey: file.key,
        fileName: file.name,
        ...(remark.trim() ? { remark: remark.trim() } : {}),
        requestId,
      });
      removeOrderInfo();
      void removeOrderFile();
      onPlaced(order);
    } catch (error) {
      // A 409 on the request id (used for another order) is shown as it is, not as a price.
      if (error instanceof ApiError && error.status === 409 && error.field !== 'requestId') {
        // The price changed since it was shown: show the new one; the member submits again.
        await serverQuote.refetch();
        setRepriced(true);
        setProblem(error.message || PRICE_CHANGED_MESSAGE);
        return;
      }
      setProblem(errorMessage(error, '提交失败，请稍后重试'));
    }
  }

  return (
    <div className="order-page" data-testid="fill-order-page">
      <PageHeader>填写订单</PageHeader>

      <Section title={`${orderKindRegistry[info.kind].name}订单`}>
        <p className="order-param-string" data-testid="order-param-string">
          {quote?.paramString ?? info.paramString}
        </p>
        <button
          type="button"
          className="order-link"
          onClick={() => documentNavigation.assign(paths.ordersPcb)}
        >
          修改参数
        </button>
      </Section>

      <Section title="设计文件" id={sectionId('file')} missing={missingAt('file')}>
        {initialFile !== undefined && (
          <OrderFileUpload
            kind={info.kind}
            initialFile={initialFile}
            quote={
              info.kind === 'pcb'
                ? {
                    layers: info.params.layers,
                    lengthMm: info.params.lengthMm,
                    widthMm: info.params.widthMm,
                  }
                : undefined
            }
            onChange={(uploaded) => {
              setFile(uploaded);
              // A file on its way: the card no longer asks for one.
              setMissing((m) => (m?.at === 'file' ? null : m));
            }}
          />
        )}
      </Section>

      <Section title="收货地址" id={sectionId('receiver')} missing={missingAt('receiver')}>
        {defaultReceiver.isPending ? (
          <p className="order-hint">加载中…</p>
        ) : receiver ? (
          <div className="order-receiver" data-testid="order-receiver">
            <div>
              <strong>{receiver.receiverName}</strong> {maskMobile(receiver.mobile)}
            </div>
            <div className="order-hint">{receiverText(receiver)}</div>
          </div>
        ) : (
          <p className="order-hint">还没有收货地址</p>
        )}
        <div className="order-row">
          {receiver && (
            <Button size="small" fill="outline" onClick={() => setChoosingReceiver((v) => !v)}>
              更换地址
            </Button>
          )}
          <Button
            size="small"
            fill="outline"
            color="primary"
            onClick={() => void navigate(NEW_ADDRESS_PATH)}
          >
            新增收货地址
          </Button>
        </div>
        {choosingReceiver && (
          <ul className="order-choices" aria-label="选择收货地址">
            {(receivers.data?.items ?? []).map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className="order-choice"
                  aria-pressed={r.id === receiver?.id}
                  onClick={() => {
                    setChosenReceiver(r);
                    setChoosingReceiver(false);
                  }}
                >
                  <span>
                    {r.receiverName} {maskMobile(r.mobile)}
                    {r.isDefault ? '（默认）' : ''}
                  </span>
                  <span className="order-hint">{receiverText(r)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="快递">
        <Chips
          label="快递"
          options={couriers.map((c) => ({ value: c, label: courierLabels[c] }))}
          value={courier}
          onChange={setCourier}
        />
      </Section>

      <Section title="订单联系人">
        {contactList.length > 0 ? (
          <Chips
            label="订单联系人"
            options={contactList.map((c) => ({
              value: c.id,
              label: `${c.contactName}（${contactUserTypeNames[c.userType]}）${maskMobile(c.mobile)}`,
            }))}
            value={contact?.id}
            onChange={setContactId}
          />
        ) : (
          <p className="order-hint">未设置订单联系人，将联系收货人</p>
        )}
      </Section>

      <Section title="发票" id={sectionId('invoiceProfile')} missing={missingAt('invoiceProfile')}>
        <Chips
          label="发票"
          options={invoiceKinds.map((k) => ({ value: k, label: invoiceLabels[k] }))}
          value={invoice}
          onChange={setInvoice}
        />
        {invoice !== 'none' &&
          (profiles.isPending ? (
            <p className="order-hint">加载中…</p>
          ) : usableProfiles.length > 0 ? (
            <Chips
              label="开票资料"
              options={usableProfiles.map((p) => ({ value: p.id, label: p.title }))}
              value={profile?.id}
              onChange={setProfileId}
            />
          ) : (
            <div className="order-row">
              <span className="order-hint">
                {invoice === 'vatSpecial' ? '没有可用的专票资料' : '没有开票资料'}
              </span>
              <Button
                size="small"
                fill="outline"
                onClick={() => void navigate(newInvoiceProfilePath(invoice))}
              >
                添加发票抬头
              </Button>
            </div>
          ))}
      </Section>

      <Section title="备注">
        <TextArea
          placeholder="选填，如特殊工艺要求"
          maxLength={500}
          value={remark}
          onChange={setRemark}
          aria-label="备注"
        />
      </Section>

      <Section title="费用">
        {serverQuote.isPending && <p className="order-hint">正在计算价格…</p>}
        {serverQuote.isError && (
          <div className="order-error" role="alert">
            {errorMessage(serverQuote.error, '价格计算失败')}
            <Button size="small" fill="none" onClick={() => void serverQuote.refetch()}>
              重试
            </Button>
          </div>
        )}
        {quote && (
          <>
            {(changed || repriced) && (
              <p className="order-notice" role="alert" data-testid="order-price-changed">
                价格表已更新（第{quote.sheetVersion}版）：计价页显示{yuan(info.total)}
                （第{info.sheetVersion}版），现按新价格计算，请确认
              </p>
            )}
            <ul className="order-lines">
              {quote.lines.map((line) => (
                <li key={line.code}>
                  <div className="order-line-head">
                    <span>{line.name}</span>
                    <span>{yuan(line.amount)}</span>
                  </div>
                  <p className="order-hint">{line.reason}</p>
                </li>
              ))}
            </ul>
            {quote.warnings.map((w) => (
              <p key={w} className="order-hint">
                {w}
              </p>
            ))}
          </>
        )}
      </Section>

      <div className="order-bar">
        <div className="order-bar-price">
          <span className="order-bar-total" data-testid="order-total">
            {quote ? yuan(quote.total) : '—'}
          </span>
          {quote?.shipDate && <span className="order-hint">预计{dayText(quote.shipDate)}发货</span>}
        </div>
        <Button
          color="primary"
          shape="rounded"
          loading={place.isPending}
          disabled={!quote || serverQuote.isFetching}
          onClick={() => void submit()}
          data-testid="order-submit"
        >
          {repriced ? '确认新价格并提交' : '提交订单'}
        </Button>
      </div>
      {problem && (
        <p className="order-error order-problem" role="alert" data-testid="order-problem">
          {problem}
        </p>
      )}
    </div>
  );
}

function OrderPlaced({ order }: { order: PlacedOrder }) {
  const navigate = useNavigate();
  return (
    <div className="order-page" data-testid="order-placed">
      <PageHeader>订单已提交</PageHeader>
      <section className="order-card order-done">
        <h2>
          <CheckCircleIcon aria-hidden="true" /> 订单已提交
        </h2>
        <dl className="order-facts">
          <div>
            <dt>订单号</dt>
            <dd data-testid="order-no">{order.orderNo}</dd>
          </div>
          <div>
            <dt>状态</dt>
            <dd>{orderStatusNames[order.status]}</dd>
          </div>
          <div>
            <dt>金额</dt>
            <dd>{yuan(order.total)}</dd>
          </div>
          {order.shipDate && (
            <div>
              <dt>预计发货</dt>
              <dd>{dayText(order.shipDate)}</dd>
            </div>
          )}
        </dl>
        <p className="order-param-string">{order.paramString}</p>
        <h3>接下来</h3>
        <ol className="order-next">
          <li>工程师审核您的文件和参数（{REVIEW_PROMISE}）；</li>
          <li>审核通过后订单变为待付款，如需调整会先联系您确认；</li>
          <li>付款后开始生产，按承诺日期发货。</li>
        </ol>
        <div className="order-row">
          <Button
            color="primary"
            onClick={() => void navigate(orderHref(paths.orderDetail, order), { replace: true })}
            data-testid="order-view"
          >
            查看订单
          </Button>
          <Button onClick={() => void navigate(paths.member)}>返回会员中心</Button>
          <Button onClick={() => documentNavigation.assign(paths.ordersPcb)}>继续计价</Button>
        </div>
      </section>
    </div>
  );
}
