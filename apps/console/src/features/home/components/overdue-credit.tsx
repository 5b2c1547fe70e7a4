import { Alert, List, Typography } from 'antd';
import { formatYuan } from '../../../lib/money';
import { useOverdueCredit } from '../api/get-overdue-credit';

/** The 工作台's flag of members with an overdue 月结 bill, to follow up (sales). */
export function OverdueCredit() {
  const overdue = useOverdueCredit();
  if (!overdue.data || overdue.data.length === 0) return null;
  return (
    <section aria-label="月结逾期" style={{ marginBottom: 24 }} data-testid="overdue-credit">
      <Alert
        type="warning"
        showIcon
        message={`${overdue.data.length} 张月结账单已逾期，请跟进客户还款`}
        style={{ marginBottom: 8 }}
      />
      <List
        size="small"
        bordered
        dataSource={overdue.data}
        renderItem={(bill) => (
          <List.Item>
            <Typography.Text>
              {bill.member.displayName} · {bill.period} 账单 · 待还 {formatYuan(bill.outstanding)} ·
              还款日 {bill.dueDate}
              {bill.manager ? ` · 客户经理 ${bill.manager}` : ''}
            </Typography.Text>
          </List.Item>
        )}
      />
    </section>
  );
}
