import { useState } from 'react';
import { Button, Form, Input, TextArea } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { creditStateLabels, type CreditApply } from '@pcb/contract/member-credit-payment';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import {
  useCreditAccount,
  useCreditApply,
  useOrderNumberAmount,
  useSaveCreditApply,
} from '../api/credit-calls';
import '../credit.css';

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);

/** The orders placed in a date range: what supports the amount asked. */
function OrderStats() {
  const [start, setStart] = useState(daysAgo(90));
  const [end, setEnd] = useState(today());
  const [asked, setAsked] = useState<{ start: string; end: string } | null>({ start, end });
  const stats = useOrderNumberAmount(asked);
  return (
    <section className="cr-card" aria-label="订单统计">
      <h2>历史订单统计</h2>
      <div className="cr-range">
        <input
          type="date"
          aria-label="开始日期"
          value={start}
          max={end}
          onChange={(e) => setStart(e.target.value)}
          data-testid="stats-start"
        />
        <span>至</span>
        <input
          type="date"
          aria-label="结束日期"
          value={end}
          min={start}
          onChange={(e) => setEnd(e.target.value)}
          data-testid="stats-end"
        />
        <Button size="small" color="primary" onClick={() => setAsked({ start, end })}>
          查询
        </Button>
      </div>
      {stats.isFetching ? (
        <p className="cr-hint">查询中…</p>
      ) : stats.isError ? (
        <p className="cr-hint">{errorMessage(stats.error, '查询失败')}</p>
      ) : stats.data ? (
        <div data-testid="order-stats">
          <div className="cr-row">
            <span>订单数</span>
            <span>{stats.data.number} 笔</span>
          </div>
          <div className="cr-row">
            <span>订单金额</span>
            <span>{formatFen(stats.data.amount)}</span>
          </div>
        </div>
      ) : null}
    </section>
  );
}

interface FormValues {
  companyName: string;
  contactName: string;
  contactPhone: string;
  expectedMonthly: string;
  remark?: string;
}

function ApplyForm({ current }: { current: CreditApply | null }) {
  const save = useSaveCreditApply();
  const [form] = Form.useForm<FormValues>();
  const submit = async (values: FormValues) => {
    try {
      await save.mutateAsync({
        companyName: values.companyName,
        contactName: values.contactName,
        contactPhone: values.contactPhone,
        expectedMonthly: Math.round(Number(values.expectedMonthly) * 100),
        ...(values.remark ? { remark: values.remark } : {}),
      });
      showSuccess('申请已提交，请等待财务审核');
    } catch (error) {
      showFail(errorMessage(error, '提交失败，请稍后重试'));
    }
  };
  return (
    <section className="cr-card" aria-label="申请表">
      <h2>{current ? '修改后重新提交' : '填写申请'}</h2>
      <Form
        form={form}
        layout="horizontal"
        initialValues={
          current
            ? {
                companyName: current.companyName,
                contactName: current.contactName,
                contactPhone: current.contactPhone,
                expectedMonthly: String(current.expectedMonthly / 100),
                remark: current.remark ?? '',
              }
            : {}
        }
        onFinish={(values) => void submit(values)}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            loading={save.isPending}
            data-testid="credit-apply-submit"
          >
            提交申请
          </Button>
        }
      >
        <Form.Item
          name="companyName"
          label="企业名称"
          rules={[{ required: true, message: '请填写企业名称' }]}
        >
          <Input placeholder="营业执照上的名称" data-testid="apply-company" />
        </Form.Item>
        <Form.Item
          name="contactName"
          label="联系人"
          rules={[{ required: true, message: '请填写联系人' }]}
        >
          <Input placeholder="财务或采购负责人" data-testid="apply-contact" />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label="联系电话"
          rules={[{ required: true, pattern: /^1\d{10}$/, message: '请输入11位手机号' }]}
        >
          <Input type="tel" maxLength={11} data-testid="apply-phone" />
        </Form.Item>
        <Form.Item
          name="expectedMonthly"
          label="预计月结金额（元）"
          rules={[{ required: true, pattern: /^\d+(\.\d{1,2})?$/, message: '请输入金额' }]}
        >
          <Input type="number" inputMode="decimal" data-testid="apply-amount" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </section>
  );
}

/** /creditPay: apply for 月结, see where the application stands. */
export function CreditPayPage() {
  const navigate = useNavigate();
  const account = useCreditAccount();
  const apply = useCreditApply();
  if (account.isPending || apply.isPending) {
    return (
      <div className="cr-page" data-testid="credit-pay-page">
        <PageHeader>月结申请</PageHeader>
        <PageLoading />
      </div>
    );
  }
  if (account.isError || apply.isError) {
    return (
      <div className="cr-page" data-testid="credit-pay-page">
        <PageHeader>月结申请</PageHeader>
        <PageError
          message={errorMessage(account.error ?? apply.error, '加载失败')}
          onRetry={() => {
            void account.refetch();
            void apply.refetch();
          }}
        />
      </div>
    );
  }
  const state = account.data.state;
  return (
    <div className="cr-page" data-testid="credit-pay-page">
      <PageHeader>月结申请</PageHeader>
      <section className="cr-card">
        <div className="cr-row">
          <span>申请状态</span>
          <span>
            <span
              className={state === 'rejected' ? 'cr-status cr-status-bad' : 'cr-status'}
              data-testid="credit-state"
            >
              {creditStateLabels[state]}
            </span>
          </span>
        </div>
        {state === 'rejected' && (
          <p className="cr-hint" data-testid="credit-reject-reason">
            驳回原因：{account.data.rejectReason}
          </p>
        )}
        {state === 'pending' && (
          <p className="cr-hint">财务将在1-2个工作日内审核，结果以站内信通知。</p>
        )}
        {state === 'approved' && (
          <div className="cr-actions">
            <Button color="primary" onClick={() => void navigate(paths.creditAccount)}>
              查看月结账户
            </Button>
          </div>
        )}
        {state === 'none' && (
          <p className="cr-hint">月结需先完成企业认证；审核通过后按月出账、统一还款。</p>
        )}
      </section>
      {(state === 'none' || state === 'rejected') && <ApplyForm current={apply.data} />}
      {state === 'pending' && apply.data && (
        <section className="cr-card" aria-label="申请内容">
          <h2>申请内容</h2>
          <div className="cr-row">
            <span>企业名称</span>
            <span>{apply.data.companyName}</span>
          </div>
          <div className="cr-row">
            <span>预计月结金额</span>
            <span>{formatFen(apply.data.expectedMonthly)}</span>
          </div>
        </section>
      )}
      <OrderStats />
    </div>
  );
}
