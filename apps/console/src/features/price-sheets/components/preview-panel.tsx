import { useState } from 'react';
import { Alert, Button, Form, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { PreviewRow } from '@pcb/contract/staff-price-sheet';
import { defaultPcbParams, orderKindRegistry, pcbLayers, type PcbParams } from '@pcb/pricing';
import { formatPercentChange, formatYuan, formatYuanChange } from '../../../lib/money';

export interface PreviewResult {
  problems: { path: string; message: string }[];
  warnings: string[];
  rows: PreviewRow[];
}

/** The samples the draft prices at ¥0 or at under half the published price (Preview's check). */
export function PriceWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="草稿的价格明显偏低，请确认不是输入错误"
      description={
        <ul style={{ margin: 0, paddingLeft: 20 }} aria-label="价格提醒">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      }
    />
  );
}

type CustomPcb = Pick<PcbParams, 'layers' | 'lengthMm' | 'widthMm' | 'quantity'>;

/** The draft's total beside the published one: the difference in yuan and percent. */
function Difference({ row }: { row: PreviewRow }) {
  if (row.publishedTotal === null || row.draftTotal === null) return <span>—</span>;
  const change = row.draftTotal - row.publishedTotal;
  if (change === 0) return <Typography.Text type="secondary">不变</Typography.Text>;
  const percent = formatPercentChange(row.publishedTotal, row.draftTotal);
  return (
    <span className={change > 0 ? 'preview-up' : 'preview-down'} data-testid="preview-change">
      {formatYuanChange(change)}
      {percent && `（${percent}）`}
    </span>
  );
}

const days = (n: number | null) => (n === null ? '—' : `${n}天`);

/** The sample quotes of a preview; a staff member may add PCB samples of their own. */
export function PreviewPanel({
  result,
  loading,
  samples,
  onAddSample,
  onRemoveSample,
}: {
  result: PreviewResult | null;
  loading: boolean;
  samples: CustomPcb[];
  onAddSample: (sample: CustomPcb) => void;
  onRemoveSample: (index: number) => void;
}) {
  const [form] = Form.useForm<CustomPcb>();
  const [initial] = useState<CustomPcb>({
    layers: defaultPcbParams.layers,
    lengthMm: defaultPcbParams.lengthMm,
    widthMm: defaultPcbParams.widthMm,
    quantity: defaultPcbParams.quantity,
  });

  const columns: TableColumnsType<PreviewRow & { key: number }> = [
    {
      title: '样例',
      key: 'label',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>
            <Tag>{orderKindRegistry[row.kind].name}</Tag>
            {row.label}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.paramString}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '生效价格',
      dataIndex: 'publishedTotal',
      align: 'right',
      render: (fen: number | null) => (fen === null ? '无法计价' : formatYuan(fen)),
    },
    {
      title: '草稿价格',
      dataIndex: 'draftTotal',
      align: 'right',
      render: (fen: number | null) => (fen === null ? '无法计价' : formatYuan(fen)),
    },
    { title: '差额', key: 'change', align: 'right', render: (_, row) => <Difference row={row} /> },
    {
      title: '交期（生效 → 草稿）',
      key: 'days',
      render: (_, row) =>
        row.publishedBuildDays === row.draftBuildDays ? (
          days(row.draftBuildDays)
        ) : (
          <span className="preview-up">
            {days(row.publishedBuildDays)} → {days(row.draftBuildDays)}
          </span>
        ),
    },
    {
      title: '说明',
      dataIndex: 'message',
      render: (text: string | null) => text ?? '',
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Form
        form={form}
        layout="inline"
        initialValues={initial}
        onFinish={(values) => {
          onAddSample(values);
        }}
        aria-label="自定义PCB样例"
      >
        <Form.Item name="layers" label="层数" rules={[{ required: true }]}>
          <Select
            style={{ width: 90 }}
            options={pcbLayers.map((l) => ({ value: l, label: `${l}层` }))}
          />
        </Form.Item>
        <Form.Item
          name="lengthMm"
          label="长(mm)"
          rules={[{ required: true, message: '请输入长度' }]}
        >
          <InputNumber min={1} max={1000} precision={1} />
        </Form.Item>
        <Form.Item
          name="widthMm"
          label="宽(mm)"
          rules={[{ required: true, message: '请输入宽度' }]}
        >
          <InputNumber min={1} max={1000} precision={1} />
        </Form.Item>
        <Form.Item name="quantity" label="数量" rules={[{ required: true, message: '请输入数量' }]}>
          <InputNumber min={1} max={100000} precision={0} />
        </Form.Item>
        <Button htmlType="submit">添加PCB样例</Button>
      </Form>
      {samples.length > 0 && (
        <Space wrap>
          {samples.map((s, i) => (
            <Tag key={i} closable onClose={() => onRemoveSample(i)}>
              自定义：{s.layers}层 {s.lengthMm}×{s.widthMm}mm {s.quantity}片
            </Tag>
          ))}
        </Space>
      )}
      {result && result.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="草稿有问题，不能发布"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {result.problems.map((p) => (
                <li key={p.path}>
                  {p.path}：{p.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {result && <PriceWarnings warnings={result.warnings} />}
      <Table<PreviewRow & { key: number }>
        size="small"
        bordered
        pagination={false}
        loading={loading}
        columns={columns}
        dataSource={result?.rows.map((row, key) => ({ ...row, key }))}
        locale={{ emptyText: '点击「预览」用草稿计算样例报价' }}
        rowClassName={(row) =>
          row.publishedTotal !== row.draftTotal || row.publishedBuildDays !== row.draftBuildDays
            ? 'preview-row-changed'
            : ''
        }
        aria-label="预览报价"
      />
    </Space>
  );
}
