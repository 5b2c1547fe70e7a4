import { useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { safeLocalPath } from '@pcb/contract';
import {
  messageCategories,
  messageCategoryNames,
  type MessageCategory,
  type SiteMessage,
} from '@pcb/contract/member-message';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { ListMore } from '../../../components/list-more';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatDate, formatDateTime } from '../../../lib/date';
import { useMessageOverview } from '../api/get-message-overview';
import { useMessages } from '../api/get-messages';
import { useUnreadCount } from '../api/get-unread-num';
import { useSetAllRead, useSetRead } from '../api/set-read';
import '../../../components/screen.css';
import '../messages.css';

function Categories({
  selected,
  onSelect,
}: {
  selected: MessageCategory | undefined;
  onSelect: (category: MessageCategory | undefined) => void;
}) {
  const overview = useMessageOverview();
  const byCategory = new Map(overview.data?.map((c) => [c.category, c]));
  return (
    <div className="msg-categories" role="radiogroup" aria-label="消息类型">
      {messageCategories.map((category) => {
        const summary = byCategory.get(category);
        const unread = summary?.unreadCount ?? 0;
        const active = selected === category;
        return (
          <button
            key={category}
            type="button"
            role="radio"
            aria-checked={active}
            className="msg-category"
            onClick={() => onSelect(active ? undefined : category)}
            data-testid={`msg-category-${category}`}
          >
            <span className="msg-category-head">
              <span className="msg-category-name">{messageCategoryNames[category]}</span>
              {unread > 0 && (
                <span className="msg-badge" data-testid="msg-category-unread">
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </span>
            <span className="msg-category-latest">
              {overview.isPending ? '加载中…' : summary?.latest ? summary.latest.title : '暂无消息'}
            </span>
            {summary?.latest && (
              <span className="msg-category-date">{formatDate(summary.latest.createdAt)}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function MessageItem({ message }: { message: SiteMessage }) {
  const navigate = useNavigate();
  const setRead = useSetRead();
  const [open, setOpen] = useState(false);
  // Marked read in the list at once; the server's answer follows.
  const [readHere, setReadHere] = useState(false);
  const unread = !message.isRead && !readHere;
  const link = safeLocalPath(message.link);

  const toggle = () => {
    setOpen((v) => !v);
    if (unread) {
      setReadHere(true);
      setRead.mutate(message.id, { onError: () => setReadHere(false) });
    }
  };

  return (
    <li className={`msg-item${unread ? ' msg-item-unread' : ''}`} data-testid="msg-item">
      <button type="button" className="msg-item-body" aria-expanded={open} onClick={toggle}>
        <span className="msg-item-head">
          {unread && <span className="msg-dot" aria-label="未读" data-testid="msg-unread-dot" />}
          <span className="msg-item-title">{message.title}</span>
          <span className="msg-item-date">{formatDate(message.createdAt)}</span>
        </span>
        <span className={open ? 'msg-item-content' : 'text-preview'}>{message.content}</span>
      </button>
      {open && (
        <div className="msg-item-more">
          <span className="msg-item-date">
            {messageCategoryNames[message.category]} · {formatDateTime(message.createdAt)}
          </span>
          {link && (
            <Button
              size="mini"
              shape="rounded"
              color="primary"
              fill="outline"
              onClick={() => void navigate(link)}
              data-testid="msg-link"
            >
              查看详情
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function Messages({ category }: { category: MessageCategory | undefined }) {
  const messages = useMessages(category);
  if (messages.isPending) return <PageLoading />;
  if (messages.isError) {
    return (
      <PageError
        message={errorMessage(messages.error, '消息加载失败')}
        onRetry={() => void messages.refetch()}
      />
    );
  }
  const rows = messages.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) {
    return (
      <PageEmpty
        text={
          category ? `暂无${messageCategoryNames[category]}` : '暂无消息，订单和账户的动态会通知您'
        }
      />
    );
  }
  return (
    <>
      <ul className="msg-list" data-testid="msg-list">
        {rows.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </ul>
      <ListMore
        hasMore={messages.hasNextPage}
        loadMore={() => messages.fetchNextPage()}
        done="没有更多消息了"
      />
    </>
  );
}

/**
 * /InfoList, the message centre: each category with its newest message and unread count, the
 * messages (of one category when one is chosen), read one by opening it, or all at once.
 */
export function InfoListPage({ eqEntry }: { eqEntry?: ReactNode }) {
  const [category, setCategory] = useState<MessageCategory | undefined>();
  const unread = useUnreadCount();
  const setAllRead = useSetAllRead();
  const total = (category ? unread.data?.[category] : unread.data?.total) ?? 0;

  const readAll = async () => {
    try {
      const { count } = await setAllRead.mutateAsync(category ? { category } : {});
      showSuccess(count > 0 ? `已将${count}条消息设为已读` : '没有未读消息');
    } catch (error) {
      showFail(errorMessage(error, '操作失败，请稍后重试'));
    }
  };

  return (
    <div className="screen" data-testid="info-list-page">
      <PageHeader>消息中心</PageHeader>
      {eqEntry}
      <Categories selected={category} onSelect={setCategory} />
      <div className="msg-toolbar">
        <span className="msg-toolbar-text" data-testid="msg-unread-total">
          {category ? messageCategoryNames[category] : '全部消息'} · {total}条未读
        </span>
        <Button
          size="small"
          shape="rounded"
          fill="outline"
          color="primary"
          disabled={total === 0}
          loading={setAllRead.isPending}
          onClick={() => void readAll()}
          data-testid="msg-read-all"
        >
          全部已读
        </Button>
      </div>
      <Messages key={category ?? 'all'} category={category} />
    </div>
  );
}
