import { Descriptions, Drawer, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { showInvisible } from '@pcb/contract';
import { orderStatusNames } from '@pcb/contract/order-quote';
import type { StaffOrderDetail } from '@pcb/contract/staff-order';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { useOrder } from '../api/get-order';
import {
  courierName,
  invoiceName,
  orderKindTags,
  orderStatusTags,
  paramItems,
} from '../order-labels';

type FeeLine = StaffOrderDetail['lines'][number];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/**
 * One order as placed: parameters, fee lines with their reasons, receiver, invoice, file, log.
 * What the member typed is shown with any invisible character written out (`showInvisible`):
 * a file name stored before the contract refused them cannot pass for another (decision 0034).
 */
export function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const order = useOrder(id);
  const detail = order.data;
  return (
    <Drawer
      title={detail ? `订单 ${detail.orderNo}` : '订单详情'}
      size={760}
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
    >
      {order.isError && <QueryError error={order.error} onRetry={() => void order.refetch()} />}
      {order.isPending && id !== null && <Skeleton active paragraph={{ rows: 10 }} />}
      {detail && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="订单号">{detail.orderNo}</Descriptions.Item>
            <Descriptions.Item label="类型与状态">
              <Tag color={orderKindTags[detail.kind].color}>{orderKindTags[detail.kind].label}</Tag>
              <Tag color={orderStatusTags[detail.status].color}>
                {orderStatusTags[detail.status].label}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="会员">
              {detail.member.displayName}（#{detail.member.id}）
            </Descriptions.Item>
            <Descriptions.Item label="下单时间">{formatTime(detail.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="订单金额">
              <Typography.Text strong>{formatYuan(detail.total)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="价格表版本">v{detail.sheetVersion}</Descriptions.Item>
            <Descriptions.Item label="生产周期">{detail.buildDays}个工作日</Descriptions.Item>
            <Descriptions.Item label="承诺发货">{detail.shipDate ?? '—'}</Descriptions.Item>
          </Descriptions>

          <Section title="参数">
            <Typography.Paragraph copyable>{detail.paramString}</Typography.Paragraph>
            <Descriptions
              column={3}
              size="small"
              items={paramItems(detail.kind, detail.params).map((item) => ({
                key: item.key,
                label: item.label,
                children: item.value,
              }))}
            />
          </Section>

          <Section title="费用明细">
            <Table<FeeLine>
              rowKey="code"
              size="small"
              pagination={false}
              dataSource={detail.lines}
              columns={[
                { title: '费用', dataIndex: 'name', width: 110 },
                {
                  title: '金额',
                  dataIndex: 'amount',
                  width: 110,
                  align: 'right',
                  render: (fen: number) => formatYuan(fen),
                },
                { title: '计算依据', dataIndex: 'reason' },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <Typography.Text strong>{formatYuan(detail.total)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} />
                </Table.Summary.Row>
              )}
            />
          </Section>

          <Section title="收货与开票">
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label="收货人">
                {showInvisible(detail.receiver.receiverName)} {detail.receiver.mobile}
              </Descriptions.Item>
              <Descriptions.Item label="收货地址">
                {detail.receiver.regionText} {showInvisible(detail.receiver.address)}
              </Descriptions.Item>
              <Descriptions.Item label="快递">
                {courierName(detail.courier)}（包裹约 {(detail.weightGrams / 1000).toFixed(2)} kg）
              </Descriptions.Item>
              <Descriptions.Item label="联系人">
                {detail.contact
                  ? `${showInvisible(detail.contact.contactName)} ${detail.contact.mobile}`
                  : '同收货人'}
              </Descriptions.Item>
              <Descriptions.Item label="发票">
                {invoiceName(detail.invoice)}
                {detail.invoiceTitle && `：${showInvisible(detail.invoiceTitle)}`}
              </Descriptions.Item>
              <Descriptions.Item label="备注">
                {detail.remark ? showInvisible(detail.remark) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label="设计文件">
                {detail.fileUrl ? (
                  <Typography.Link href={detail.fileUrl} target="_blank" rel="noreferrer" download>
                    下载 {showInvisible(detail.fileName)}
                  </Typography.Link>
                ) : (
                  <Typography.Text type="secondary" data-testid="order-file-missing">
                    {showInvisible(detail.fileName)}（文件未上传）
                  </Typography.Text>
                )}
              </Descriptions.Item>
            </Descriptions>
          </Section>

          <Section title="处理记录">
            <Timeline
              items={detail.process.map((step, i) => ({
                key: i,
                content: (
                  <Space orientation="vertical" size={0}>
                    <span>
                      {step.fromStatus ? `${orderStatusNames[step.fromStatus]} → ` : ''}
                      {orderStatusNames[step.toStatus]}
                      <Typography.Text type="secondary">
                        {' '}
                        · {step.actor} · {formatTime(step.createdAt)}
                      </Typography.Text>
                    </span>
                    {step.note && <Typography.Text type="secondary">{step.note}</Typography.Text>}
                  </Space>
                ),
              }))}
            />
          </Section>
        </Space>
      )}
    </Drawer>
  );
}
