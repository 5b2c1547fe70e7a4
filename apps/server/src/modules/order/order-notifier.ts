import type { Tx } from '../../db/client';

/** The categories of site messages (product decisions §4). */
export type MessageCategory = 'order' | 'eq' | 'finance' | 'system';

export interface MemberNotice {
  memberId: number;
  category: MessageCategory;
  title: string;
  content: string;
  /** Where the message leads in the member app (`/TheOrders/orderDetail?id=12`). */
  link?: string;
}

/**
 * Tells a member of an order event with a site message, in the transaction of the event: the
 * message exists exactly when the event does. The member-message module implements it; the
 * order module receives it as an argument (decision 0042).
 */
export interface OrderNotifier {
  notifyIn(tx: Tx, notice: MemberNotice): Promise<void>;
}
