import { CalculatorOutline, MessageOutline } from 'antd-mobile-icons';
import { documentNavigation } from '../lib/document-navigation';
import { paths } from '../lib/paths';
import type { MemberEntry } from '../features/member/member-entry';
import { useConsult } from './consult-popup';

/**
 * The member centre's entry grid. Each feature that opens a section of the member centre
 * appends its tile here; the member page renders whatever this returns.
 */
export function useMemberEntries(): MemberEntry[] {
  const consult = useConsult();
  return [
    {
      key: 'quote-pcb',
      title: 'PCB计价',
      icon: <CalculatorOutline />,
      onClick: () => documentNavigation.assign(paths.ordersPcb),
    },
    { key: 'consult', title: '咨询客服', icon: <MessageOutline />, onClick: consult.open },
  ];
}
