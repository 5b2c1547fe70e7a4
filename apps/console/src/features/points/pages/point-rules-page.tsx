import { App, Button, Form, InputNumber, Space, Typography } from 'antd';
import {
  POINTS_PER_YUAN_MAX,
  SIGN_IN_DAYS,
  SIGN_IN_REWARD_MAX,
  type PointRules,
} from '@pcb/contract/member-point';
import { PageSection } from '../../../components/page-section';
import { QueryError } from '../../../components/query-error';
import { usePointRules, useSetPointRules } from '../api/point-calls';

function RulesForm({ rules }: { rules: PointRules }) {
  const { message } = App.useApp();
  const save = useSetPointRules();
  const [form] = Form.useForm<PointRules>();
  const submit = async (v: PointRules) => {
    try {
      await save.mutateAsync({ pointsPerYuan: v.pointsPerYuan, signInRewards: v.signInRewards });
      void message.success('积分规则已保存');
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={rules}
      onFinish={submit}
      style={{ maxWidth: 720 }}
    >
      <Form.Item
        name="pointsPerYuan"
        label="订单完成：每实付1元获得积分"
        rules={[{ required: true, message: '请填写每元积分' }]}
        extra="0 表示订单完成不赠送积分；按实付金额（不含优惠券、赠送金额）计算，向下取整。"
      >
        <InputNumber
          min={0}
          max={POINTS_PER_YUAN_MAX}
          precision={0}
          data-testid="points-per-yuan"
        />
      </Form.Item>
      <Typography.Text strong>每日签到奖励（连续第1–{SIGN_IN_DAYS}天）</Typography.Text>
      <Space wrap style={{ marginTop: 8, marginBottom: 8 }}>
        {Array.from({ length: SIGN_IN_DAYS }, (_, i) => (
          <Form.Item
            key={i}
            name={['signInRewards', i]}
            label={`第${i + 1}天`}
            rules={[{ required: true, message: '请填写' }]}
          >
            <InputNumber
              min={0}
              max={SIGN_IN_REWARD_MAX}
              precision={0}
              aria-label={`第${i + 1}天签到奖励`}
              data-testid={`sign-in-reward-${i + 1}`}
            />
          </Form.Item>
        ))}
      </Space>
      <Typography.Paragraph type="secondary">
        断签后从第1天重新开始，满7天后开启新一轮。修改即时生效，记入审计日志。
      </Typography.Paragraph>
      <Button
        type="primary"
        htmlType="submit"
        loading={save.isPending}
        data-testid="save-point-rules"
      >
        保存
      </Button>
    </Form>
  );
}

/** 运营's points rules (decision 0073): the rate of completed orders and the sign-in rewards. */
export default function PointRulesPage() {
  const rules = usePointRules();
  return (
    <PageSection title="积分与签到">
      {rules.isError ? (
        <QueryError error={rules.error} onRetry={() => void rules.refetch()} />
      ) : rules.data ? (
        <RulesForm rules={rules.data} />
      ) : (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      )}
    </PageSection>
  );
}
