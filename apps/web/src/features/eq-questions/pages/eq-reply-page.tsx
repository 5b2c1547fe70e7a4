import { orderKindNames } from '@pcb/pricing';
import { useCallback, useState } from 'react';
import { Button, TextArea } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import type { Eq, EqStatus } from '@pcb/contract';
import type { EqListItem } from '@pcb/contract/eq-question';

import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatDateTime } from '../../../lib/date';
import { orderHref, paths } from '../../../lib/paths';
import { useEqList } from '../api/get-eq-list';
import { useReplyEq } from '../api/reply-eq';
import { ReplyImages } from '../components/reply-images';
import { answeredMessage, openQuestionsNote, orderNote } from '../order-progress';
import '../eq-questions.css';

const statusNames: Record<EqStatus, string> = {
  open: '待回复',
  answered: '已回复',
  resolved: '已处理',
  withdrawn: '已撤回',
};

function Images({ images, label }: { images: Eq['images']; label: string }) {
  const shown = images.filter((i) => i.url);
  if (shown.length === 0) return null;
  return (
    <ul className="eq-thumbs" aria-label={label}>
      {shown.map((image, i) => (
        <li key={image.key} className="eq-thumb">
          <a href={image.url!} target="_blank" rel="noopener noreferrer">
            <img src={image.url!} alt={`${label}${i + 1}`} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ReplyForm({ eq }: { eq: Eq }) {
  const reply = useReplyEq();
  const [choice, setChoice] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [images, setImages] = useState<{ keys: string[]; uploading: boolean }>({
    keys: [],
    uploading: false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const onImages = useCallback(
    (keys: string[], uploading: boolean) => setImages({ keys, uploading }),
    [],
  );

  const submit = async () => {
    setProblem(null);
    const answer = text.trim();
    if (!choice && !answer && images.keys.length === 0) {
      setProblem(eq.options.length > 0 ? '请选择一个方案，或填写您的回复' : '请填写您的回复');
      return;
    }
    try {
      const result = await reply.mutateAsync({
        id: eq.id,
        ...(choice ? { choice } : {}),
        ...(answer ? { text: answer } : {}),
        ...(images.keys.length > 0 ? { images: images.keys } : {}),
      });
      showSuccess(answeredMessage(result.orderProgress));
    } catch (error) {
      showFail(errorMessage(error, '回复失败，请稍后重试'));
    }
  };

  return (
    <div className="eq-form">
      {eq.options.length > 0 && (
        <div className="eq-options" role="radiogroup" aria-label="建议方案">
          {eq.options.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={choice === option}
              className="eq-option"
              onClick={() => setChoice(choice === option ? null : option)}
              data-testid="eq-option"
            >
              {option}
            </button>
          ))}
        </div>
      )}
      <label className="eq-label" htmlFor={`eq-text-${eq.id}`}>
        {eq.options.length > 0 ? '补充说明' : '您的回复'}
      </label>
      <TextArea
        id={`eq-text-${eq.id}`}
        className="eq-text"
        placeholder={eq.options.length > 0 ? '补充说明（选填）' : '请填写您的回复'}
        maxLength={1000}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        value={text}
        onChange={setText}
      />
      <ReplyImages onChange={onImages} />
      {problem && (
        <p className="eq-error" role="alert" data-testid="eq-problem">
          {problem}
        </p>
      )}
      <Button
        block
        shape="rounded"
        color="primary"
        loading={reply.isPending}
        disabled={images.uploading}
        onClick={() => void submit()}
        data-testid="eq-submit"
      >
        {images.uploading ? '图片上传中…' : '提交回复'}
      </Button>
    </div>
  );
}

function Question({ eq, showOrder }: { eq: Eq; showOrder: boolean }) {
  const navigate = useNavigate();
  return (
    <section className="eq-card" aria-label={`工程问题${eq.id}`} data-testid="eq-card">
      <div className="eq-card-head">
        {showOrder ? (
          <button
            type="button"
            className="eq-order-link"
            onClick={() =>
              void navigate(orderHref(paths.orderDetail, { id: eq.orderId, kind: eq.kind }))
            }
          >
            {orderKindNames[eq.kind].name}订单 {eq.orderNo} ›
          </button>
        ) : (
          <span className="eq-date">{formatDateTime(eq.createdAt)}</span>
        )}
        <span className={`eq-status eq-status-${eq.status}`} data-testid="eq-status">
          {statusNames[eq.status]}
        </span>
      </div>
      <p className="eq-question">{eq.question}</p>
      <Images images={eq.images} label="问题图片" />
      {eq.status === 'open' ? (
        <ReplyForm eq={eq} />
      ) : eq.answer ? (
        <div className="eq-answer" data-testid="eq-answer">
          <div className="eq-answer-title">我的回复 · {formatDateTime(eq.answer.answeredAt)}</div>
          {eq.answer.choice && <p>选择：{eq.answer.choice}</p>}
          {eq.answer.text && <p>{eq.answer.text}</p>}
          <Images images={eq.answer.images} label="回复图片" />
        </div>
      ) : null}
    </section>
  );
}

/**
 * /InfoList/eqReply: the engineer's questions about an order (`?orderId=`), or every question
 * waiting for me; each answered with one of the suggested options, text and images.
 */
export function EqReplyPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const raw = search.get('orderId');
  const orderId = raw && /^\d{1,10}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
  // `&id=`: the question a site message names comes first.
  const first = Number(search.get('id'));
  const list = useEqList(orderId);
  let body;
  if (list.isPending) body = <PageLoading />;
  else if (list.isError)
    body = (
      <PageError
        message={errorMessage(list.error, '工程问题加载失败')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.items.length === 0)
    body = <PageEmpty text={orderId ? '这笔订单没有工程问题' : '没有待回复的工程问题'} />;
  else {
    const items: EqListItem[] = list.data.items;
    // One order's questions share its progress; without `?orderId=` they are every open one.
    const progress = orderId !== null ? items[0]!.orderProgress : null;
    const pricePending =
      orderId !== null &&
      progress !== null &&
      progress.status === 'awaitingConfirmation' &&
      progress.pendingPriceChange &&
      progress.openEqs === 0;
    body = (
      <>
        <p className="eq-note" data-testid="eq-note">
          {progress ? orderNote(progress) : openQuestionsNote(items)}
        </p>
        {pricePending && (
          <div className="eq-next">
            <Button
              block
              shape="rounded"
              color="primary"
              fill="outline"
              onClick={() =>
                void navigate(orderHref(paths.orderDetail, { id: orderId, kind: items[0]!.kind }))
              }
              data-testid="eq-confirm-price"
            >
              去确认新价格
            </Button>
          </div>
        )}
        {[...list.data.items]
          .sort((a, b) => Number(b.id === first) - Number(a.id === first))
          .map((eq) => (
            <Question key={eq.id} eq={eq} showOrder={orderId === null} />
          ))}
      </>
    );
  }
  return (
    <div className="eq-page" data-testid="eq-reply-page">
      <PageHeader>工程问题</PageHeader>
      {body}
    </div>
  );
}
