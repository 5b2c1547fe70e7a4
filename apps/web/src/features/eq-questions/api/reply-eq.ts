import { EqQuestion } from '@pcb/contract/eq-question';
import { MemberMessage } from '@pcb/contract/member-message';
import { PcbLife, SmtLife, StencilLife } from '@pcb/contract/order-life';
import { useEndpointMutation } from '../../../lib/api';

/**
 * Answers a question. The order may leave 待确认 with the last answer: its lists, counts and
 * detail are asked again, as are the questions and the message badges.
 */
export const useReplyEq = () =>
  useEndpointMutation(EqQuestion.Reply, {
    invalidates: [
      EqQuestion.GetEqList,
      MemberMessage.GetUnReadNum,
      PcbLife.GetDetail,
      PcbLife.GetMemberPcbOrders,
      PcbLife.GetMemberOrderStatusNum,
      PcbLife.GetMemberLatestOrder,
      PcbLife.GetOrderProcess,
      ...[SmtLife, StencilLife].flatMap((m) => [
        m.GetDetail,
        m.GetList,
        m.GetMemberOrderStatusNum,
        m.GetMemberLatestOrder,
      ]),
    ],
  });
