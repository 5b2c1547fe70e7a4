import { useEffect } from 'react';
import { Alert, App, Button, Form, Input, Skeleton, Switch, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { GradeLevelView } from '@pcb/contract/member-grade';
import { PageSection } from '../../../components/page-section';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { fenToYuanText, formatScaled, parseScaled, parseYuan } from '../../../lib/money';
import { useGradeConfig, useUpdateGradeConfig } from '../api/member-grade-calls';

interface LevelRow {
  threshold: string;
  discount: string;
  freeShipping: boolean;
}

const yuanRule = {
  validator: (_: unknown, v: string | undefined) =>
    v && parseYuan(v) !== null ? Promise.resolve() : Promise.reject(new Error('请输入金额（元）')),
};
const percentRule = {
  validator: (_: unknown, v: string | undefined) => {
    const bp = v ? parseScaled(v, 2) : null;
    return bp !== null && bp <= 5000
      ? Promise.resolve()
      : Promise.reject(new Error('请输入0～50之间的百分比，最多两位小数'));
  },
};

const toRows = (levels: GradeLevelView[]): LevelRow[] =>
  levels.map((l) => ({
    threshold: fenToYuanText(l.thresholdFen),
    discount: formatScaled(l.discountBp, 2),
    freeShipping: l.freeShipping,
  }));

/**
 * 会员等级 (admin, decision 0071): the five levels' thresholds (近12个月实付, 元) and perks (PCB
 * discount %, free shipping), saved together; thresholds strictly increase from 0.
 */
export default function MemberGradePage() {
  const { message } = App.useApp();
  const config = useGradeConfig();
  const update = useUpdateGradeConfig();
  const [form] = Form.useForm<{ levels: LevelRow[] }>();

  useEffect(() => {
    if (config.data) form.setFieldsValue({ levels: toRows(config.data.levels) });
  }, [config.data, form]);

  if (config.isError)
    return (
      <PageSection title="会员等级">
        <QueryError error={config.error} onRetry={() => void config.refetch()} />
      </PageSection>
    );
  if (!config.data)
    return (
      <PageSection title="会员等级">
        <Skeleton active />
      </PageSection>
    );
  const levels = config.data.levels;

  const submit = async (v: { levels: LevelRow[] }) => {
    try {
      await update.mutateAsync({
        levels: levels.map((l, i) => ({
          level: l.level,
          thresholdFen: parseYuan(v.levels[i]!.threshold)!,
          discountBp: parseScaled(v.levels[i]!.discount, 2)!,
          freeShipping: v.levels[i]!.freeShipping,
        })),
      });
      void message.success('会员等级已保存');
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const columns: TableColumnsType<GradeLevelView> = [
    { title: '等级', dataIndex: 'name', width: 100 },
    {
      title: '门槛：近12个月实付（元）',
      render: (_, l, i) => (
        <Form.Item name={['levels', i, 'threshold']} rules={[yuanRule]} style={{ marginBottom: 0 }}>
          <Input
            inputMode="decimal"
            disabled={i === 0}
            aria-label={`${l.name}门槛（元）`}
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
      ),
    },
    {
      title: 'PCB折扣（%）',
      render: (_, l, i) => (
        <Form.Item
          name={['levels', i, 'discount']}
          rules={[percentRule]}
          style={{ marginBottom: 0 }}
        >
          <Input inputMode="decimal" aria-label={`${l.name}折扣（%）`} style={{ maxWidth: 120 }} />
        </Form.Item>
      ),
    },
    {
      title: '包邮',
      render: (_, l, i) => (
        <Form.Item
          name={['levels', i, 'freeShipping']}
          valuePropName="checked"
          style={{ marginBottom: 0 }}
        >
          <Switch aria-label={`${l.name}包邮`} />
        </Form.Item>
      ),
    },
  ];

  return (
    <PageSection
      title="会员等级"
      extra={
        <Button type="primary" loading={update.isPending} onClick={() => form.submit()}>
          保存
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="等级按会员近12个月（含本月，北京时间）的订单实付金额计算，退款订单不计入；门槛须从普通的0起逐级递增。折扣和包邮在会员登录计价和下单时计入，已下订单不受修改影响。"
      />
      <Form form={form} onFinish={submit} initialValues={{ levels: toRows(levels) }}>
        <Table
          rowKey="level"
          columns={columns}
          dataSource={levels}
          pagination={false}
          size="middle"
        />
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {config.data.updatedAt
          ? `最近修改：${formatTime(config.data.updatedAt)}`
          : '尚未修改，使用默认设置'}
      </Typography.Paragraph>
    </PageSection>
  );
}
