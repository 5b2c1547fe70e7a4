import {
  MESSAGE_NOT_FOUND_MESSAGE,
  messageCategories,
  messageCategoryNames,
  safeLocalPath,
  type MessageCategory,
  type MessageCategorySummary,
  type SiteMessage,
  type UnreadCounts,
} from '@pcb/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberMessageRepository, MessageFilter } from './member-message.repository';
import {
  MESSAGE_CONTENT_MAX,
  MESSAGE_LINK_MAX,
  MESSAGE_TITLE_MAX,
  type MemberMessageRow,
  type NewMemberMessage,
} from './member-message.table';

/** A message another module sends: to whom, which category, what it says, where it leads. */
export interface MessageDraft {
  memberId: number;
  category: MessageCategory;
  title: string;
  content: string;
  /** A path of the member app (`/TheOrders/orderDetail?id=12`); anything else is refused. */
  link?: string | null | undefined;
}

const toMessage = (row: MemberMessageRow): SiteMessage => ({
  id: row.id,
  category: row.category,
  title: row.title,
  content: row.content,
  link: row.link,
  isRead: row.isRead,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/**
 * The row of a draft, or an Error: a draft is written by our own code, so a bad one is a bug
 * (it rolls back the caller's transaction) rather than a member's mistake.
 */
function rowOf(draft: MessageDraft, at: Date): NewMemberMessage {
  const title = draft.title.trim();
  const content = draft.content.trim();
  if (!Number.isInteger(draft.memberId) || draft.memberId < 1) {
    throw new Error(`site message: bad member id ${draft.memberId}`);
  }
  if (!(messageCategories as readonly string[]).includes(draft.category)) {
    throw new Error(`site message: unknown category ${String(draft.category)}`);
  }
  if (title === '' || title.length > MESSAGE_TITLE_MAX) {
    throw new Error(`site message: the title must be 1–${MESSAGE_TITLE_MAX} characters`);
  }
  if (content.length > MESSAGE_CONTENT_MAX) {
    throw new Error(`site message: the content is longer than ${MESSAGE_CONTENT_MAX} characters`);
  }
  let link: string | null = null;
  if (draft.link != null) {
    link = safeLocalPath(draft.link);
    if (link === null || link.length > MESSAGE_LINK_MAX) {
      throw new Error(`site message: the link is not a path of this site: ${draft.link}`);
    }
  }
  return {
    memberId: draft.memberId,
    category: draft.category,
    title,
    content,
    link,
    isRead: false,
    createdAt: at,
  };
}

const notFound = () => new AppError(404, MESSAGE_NOT_FOUND_MESSAGE);

/**
 * Site messages: other modules send them (in their own transaction, so a message exists
 * exactly when its event committed); the member lists them, counts the unread ones and marks
 * them read. Every read and write names the member, so another member's id is "not found".
 */
export function createMemberMessageService(deps: {
  repository: MemberMessageRepository;
  now: Clock;
}) {
  const { repository } = deps;

  return {
    async sendIn(tx: Tx, draft: MessageDraft): Promise<SiteMessage> {
      return toMessage(await repository.insert(rowOf(draft, deps.now()), tx));
    },

    async send(draft: MessageDraft): Promise<SiteMessage> {
      return toMessage(await repository.insert(rowOf(draft, deps.now())));
    },

    async list(memberId: number, filter: MessageFilter, page: number, pageSize: number) {
      const { rows, total } = await repository.list(memberId, filter, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { items: rows.map(toMessage), total, page, pageSize };
    },

    async unreadCounts(memberId: number): Promise<UnreadCounts> {
      const counts = await repository.unreadCounts(memberId);
      const of = (category: MessageCategory) => counts.get(category) ?? 0;
      return {
        total: messageCategories.reduce((sum, c) => sum + of(c), 0),
        order: of('order'),
        eq: of('eq'),
        finance: of('finance'),
        system: of('system'),
      };
    },

    async setRead(memberId: number, id: number): Promise<SiteMessage> {
      const row = await repository.markRead(memberId, id, deps.now());
      if (!row) throw notFound();
      return toMessage(row);
    },

    async setAllRead(memberId: number, category?: MessageCategory): Promise<{ count: number }> {
      return { count: await repository.markAllRead(memberId, category, deps.now()) };
    },

    /** The top of /InfoList: each category's newest message and unread count, in order. */
    async summary(memberId: number): Promise<MessageCategorySummary[]> {
      const rows = await repository.summary(memberId);
      return rows.map((row) => ({
        category: row.category,
        categoryName: messageCategoryNames[row.category],
        unreadCount: Number(row.unread_count),
        latest:
          row.id === null
            ? null
            : {
                id: row.id,
                category: row.category,
                title: row.title ?? '',
                content: row.content ?? '',
                link: row.link,
                isRead: row.is_read ?? false,
                createdAt: new Date(row.created_at!).toISOString(),
                readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
              },
      }));
    },
  };
}

export type MemberMessageService = ReturnType<typeof createMemberMessageService>;
