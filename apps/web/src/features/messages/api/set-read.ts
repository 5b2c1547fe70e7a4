import { MemberMessage } from '@pcb/contract/member-message';
import { useEndpointMutation } from '../../../lib/api';

const readInvalidates = [
  MemberMessage.GetUnReadNum,
  MemberMessage.GetList,
  MemberMessage.GetMbComprehensiveMessages,
];

/** Marks one message read: the badges and the list follow. */
export const useSetRead = () =>
  useEndpointMutation(MemberMessage.SetIsRead, {
    invalidates: readInvalidates,
    toInput: (id: number) => ({ id }),
    // Opening a message shows it at once; the counts catch up behind it.
    awaitRefetch: false,
  });

/** Marks every message read (or every one of a category); answers how many were unread. */
export const useSetAllRead = () =>
  useEndpointMutation(MemberMessage.SetAllMessagesToReaded, { invalidates: readInvalidates });
