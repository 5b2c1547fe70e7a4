import { Space, Timeline, Typography } from 'antd';
import { orderStatusNames } from '@pcb/contract/order-quote';
import type { StaffOrderDetail } from '@pcb/contract/staff-order';
import { formatTime } from '../../../lib/date';
import { timelineActionName } from '../order-labels';
import { OrderSection } from './order-section';

/** The order's log, oldest first: what was done, the status it led to, who, when, the note. */
export function TimelineSection({ timeline }: { timeline: StaffOrderDetail['timeline'] }) {
  return (
    <OrderSection title="处理记录">
      <Timeline
        items={timeline.map((entry, i) => ({
          key: i,
          color: i === timeline.length - 1 ? 'blue' : 'gray',
          content: (
            <Space orientation="vertical" size={0}>
              <span>
                <Typography.Text strong>{timelineActionName(entry.action)}</Typography.Text>{' '}
                {entry.fromStatus && entry.fromStatus !== entry.toStatus
                  ? `${orderStatusNames[entry.fromStatus]} → ${orderStatusNames[entry.toStatus]}`
                  : orderStatusNames[entry.toStatus]}
                <Typography.Text type="secondary">
                  {' '}
                  · {entry.actor} · {formatTime(entry.at)}
                </Typography.Text>
              </span>
              {entry.note && <Typography.Text type="secondary">{entry.note}</Typography.Text>}
            </Space>
          ),
        }))}
      />
    </OrderSection>
  );
}
