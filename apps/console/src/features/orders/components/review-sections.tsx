import { Card, Descriptions, Flex, Image, Space, Table, Tag, Typography } from 'antd';
import { showInvisible, type Eq, type EqStatus, type PriceChange } from '@pcb/contract';
import { formatTime } from '../../../lib/date';
import { formatPercentChange, formatYuan, formatYuanChange } from '../../../lib/money';
import { OrderSection } from './order-section';

const priceChangeStatus: Record<PriceChange['status'], { label: string; color: string }> = {
  pending: { label: '待会员确认', color: 'gold' },
  accepted: { label: '会员已接受', color: 'green' },
  refused: { label: '会员已拒绝', color: 'red' },
  withdrawn: { label: '已撤回', color: 'default' },
};

const eqStatus: Record<EqStatus, { label: string; color: string }> = {
  open: { label: '待会员回复', color: 'gold' },
  answered: { label: '会员已回复', color: 'blue' },
  resolved: { label: '已处理', color: 'green' },
  withdrawn: { label: '已撤回', color: 'default' },
};

interface LineDiff {
  code: string;
  name: string;
  before: number | null;
  after: number | null;
}

/** The lines of both prices side by side, by fee code, in the new price's order. */
function diffLines(change: PriceChange): LineDiff[] {
  const before = new Map(change.oldLines.map((l) => [l.code, l]));
  const rows: LineDiff[] = change.newLines.map((l) => ({
    code: l.code,
    name: l.name,
    before: before.get(l.code)?.amount ?? null,
    after: l.amount,
  }));
  for (const l of change.oldLines) {
    if (!change.newLines.some((n) => n.code === l.code)) {
      rows.push({ code: l.code, name: l.name, before: l.amount, after: null });
    }
  }
  return rows;
}

/** The latest price change: old → new total, the lines that moved, the reason and its fate. */
export function PriceChangeSection({ change }: { change: PriceChange }) {
  const status = priceChangeStatus[change.status];
  const percent = formatPercentChange(change.oldTotal, change.newTotal);
  return (
    <OrderSection title="价格变更">
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label="价格">
          <Typography.Text delete type="secondary">
            {formatYuan(change.oldTotal)}
          </Typography.Text>
          {' → '}
          <Typography.Text strong>{formatYuan(change.newTotal)}</Typography.Text>{' '}
          <Typography.Text type="secondary">
            （{formatYuanChange(change.newTotal - change.oldTotal)}
            {percent && `，${percent}`}）
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={status.color}>{status.label}</Tag>
          {change.decidedAt && (
            <Typography.Text type="secondary">{formatTime(change.decidedAt)}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="调价原因" span={2}>
          {showInvisible(change.reason)}
          <Typography.Text type="secondary"> · {formatTime(change.createdAt)}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Table<LineDiff>
        style={{ marginTop: 8 }}
        rowKey="code"
        size="small"
        pagination={false}
        dataSource={diffLines(change)}
        columns={[
          { title: '费用', dataIndex: 'name' },
          {
            title: '原金额',
            dataIndex: 'before',
            align: 'right',
            render: (fen: number | null) => (fen === null ? '—' : formatYuan(fen)),
          },
          {
            title: '新金额',
            dataIndex: 'after',
            align: 'right',
            render: (fen: number | null, row) => {
              const text = fen === null ? '（删除）' : formatYuan(fen);
              return fen !== row.before ? <Typography.Text strong>{text}</Typography.Text> : text;
            },
          },
        ]}
      />
    </OrderSection>
  );
}

function Images({ images, label }: { images: Eq['images']; label: string }) {
  if (images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Flex gap={8} wrap role="group" aria-label={label}>
        {images.map((image, i) =>
          image.url ? (
            <Image
              key={image.key}
              src={image.url}
              width={72}
              height={72}
              style={{ objectFit: 'cover' }}
              alt={`${label} ${i + 1}`}
            />
          ) : (
            <Typography.Text key={image.key} type="secondary">
              图片已失效
            </Typography.Text>
          ),
        )}
      </Flex>
    </Image.PreviewGroup>
  );
}

/** Every engineering question of the order with its suggested answers and the member's reply. */
export function EqSection({ eqs }: { eqs: Eq[] }) {
  return (
    <OrderSection title="工程问题">
      <Flex vertical gap={12}>
        {eqs.map((eq, index) => (
          <Card
            key={eq.id}
            size="small"
            style={{ width: '100%' }}
            title={`问题 ${index + 1}`}
            extra={
              <Space size={4}>
                <Tag color={eqStatus[eq.status].color}>{eqStatus[eq.status].label}</Tag>
                <Typography.Text type="secondary">{formatTime(eq.createdAt)}</Typography.Text>
              </Space>
            }
          >
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {showInvisible(eq.question)}
              </Typography.Paragraph>
              <Images images={eq.images} label="问题图片" />
              {eq.options.length > 0 && (
                <Flex gap={4} wrap>
                  <Typography.Text type="secondary">建议选项：</Typography.Text>
                  {eq.options.map((option) => (
                    <Tag key={option} color={eq.answer?.choice === option ? 'blue' : undefined}>
                      {showInvisible(option)}
                    </Tag>
                  ))}
                </Flex>
              )}
              {eq.answer && (
                <div
                  aria-label="会员回复"
                  role="group"
                  style={{ background: 'rgba(22,119,255,0.06)', padding: 8, borderRadius: 6 }}
                >
                  <Typography.Text strong>会员回复</Typography.Text>
                  <Typography.Text type="secondary">
                    {' '}
                    · {formatTime(eq.answer.answeredAt)}
                  </Typography.Text>
                  {eq.answer.choice && <div>选择：{showInvisible(eq.answer.choice)}</div>}
                  {eq.answer.text && (
                    <div style={{ whiteSpace: 'pre-wrap' }}>{showInvisible(eq.answer.text)}</div>
                  )}
                  <Images images={eq.answer.images} label="回复图片" />
                </div>
              )}
            </Space>
          </Card>
        ))}
      </Flex>
    </OrderSection>
  );
}
