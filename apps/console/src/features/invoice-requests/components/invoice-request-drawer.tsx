import { useState } from 'react';
import { Alert, App, Button, Form, Input, Space, Table, Tag, Typography, Upload } from 'antd';
import { invoiceTypeNames } from '@pcb/contract/member-invoice';
import { ReviewDrawer } from '../../../components/review-queue/review-drawer';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import {
  uploadInvoicePdf,
  useInvoiceRequest,
  useIssueInvoice,
  useRejectInvoice,
  useResendInvoice,
} from '../api/invoice-requests';

const REJECT_PRESETS = [
  '发票抬头或税号有误，请核对后重新申请',
  '所含订单已退款，请重新选择账单申请',
  '专用发票资料不完整，请补充开户行及账号后重新申请',
];

/** One invoice request: whom to, the bills; issue with the bureau's PDF, or reject. */
export function InvoiceRequestDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { message } = App.useApp();
  const request = useInvoiceRequest(id);
  const issue = useIssueInvoice();
  const reject = useRejectInvoice();
  const resend = useResendInvoice();
  const [invoiceNo, setInvoiceNo] = useState('');
  const [pdfKey, setPdfKey] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  return (
    <ReviewDrawer
      id={id}
      onClose={onClose}
      title="开票申请"
      size={640}
      query={request}
      asked={(d) => [
        { label: '发票类型', value: invoiceTypeNames[d.invoiceType] },
        { label: '发票抬头', value: d.profile.title },
        { label: '税号', value: d.profile.taxNumber ?? '（个人）' },
        ...(d.profile.registeredAddress
          ? [
              {
                label: '地址、电话',
                value: `${d.profile.registeredAddress} ${d.profile.registeredPhone ?? ''}`,
              },
              { label: '开户行及账号', value: `${d.profile.bankName} ${d.profile.bankAccount}` },
            ]
          : []),
        { label: '接收邮箱', value: d.profile.email },
        { label: '开票金额', value: formatYuan(d.total) },
        ...(d.invoiceNo ? [{ label: '发票号码', value: d.invoiceNo }] : []),
        ...(d.mailedAt ? [{ label: '邮件发送', value: formatTime(d.mailedAt) }] : []),
      ]}
      approve={{
        mutateAsync: ({ id: requestId }) =>
          issue.mutateAsync({
            id: requestId,
            ...(pdfKey ? { pdfKey, invoiceNo: invoiceNo.trim() } : {}),
            ...(!pdfKey && invoiceNo.trim() ? { invoiceNo: invoiceNo.trim() } : {}),
          }),
        isPending: issue.isPending,
        confirmTitle: '开具电子发票？',
        confirmContent: (d) =>
          pdfKey
            ? `以上传的发票PDF（号码${invoiceNo}）开具给「${d.profile.title}」，${formatYuan(d.total)}；会员将收到站内信与邮件。`
            : `生成测试电子发票给「${d.profile.title}」，${formatYuan(d.total)}（仅非生产环境）；会员将收到站内信与邮件。`,
        success: '已开具，会员已收到通知',
      }}
      reject={{
        mutateAsync: reject.mutateAsync,
        isPending: reject.isPending,
        title: '驳回开票申请',
        presets: REJECT_PRESETS,
        placeholder: '例如：抬头与合同不一致，请核对',
      }}
    >
      {(d) => (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          {d.needsRedLetter && (
            <Alert type="error" showIcon message="开具后有账单退款：需开具红字发票冲销" />
          )}
          {d.hasRefundedBill && d.status === 'pending' && (
            <Alert type="warning" showIcon message="申请中有账单已退款，不能开具，请驳回" />
          )}
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.bills}
            columns={[
              { title: '订单编号', dataIndex: 'orderNo' },
              { title: '金额', dataIndex: 'amount', render: formatYuan, align: 'right' },
              {
                title: '',
                dataIndex: 'refunded',
                width: 80,
                render: (r: boolean) => (r ? <Tag color="red">已退款</Tag> : null),
              },
            ]}
          />
          {d.status === 'pending' && (
            <div>
              <Typography.Title level={5}>开具</Typography.Title>
              <Form layout="vertical">
                <Form.Item label="税务机关开具的电子发票PDF">
                  <Upload
                    accept=".pdf"
                    maxCount={1}
                    customRequest={({ file, onSuccess, onError }) => {
                      setUploading(true);
                      uploadInvoicePdf(file as File).then(
                        (key) => {
                          setPdfKey(key);
                          setUploading(false);
                          onSuccess?.(key);
                        },
                        (error: Error) => {
                          setUploading(false);
                          void message.error(error.message || '上传失败');
                          onError?.(error);
                        },
                      );
                    }}
                    onRemove={() => setPdfKey(null)}
                  >
                    <Button loading={uploading} data-testid="invoice-pdf-upload">
                      上传PDF
                    </Button>
                  </Upload>
                </Form.Item>
                <Form.Item label="发票号码" required={pdfKey !== null}>
                  <Input
                    value={invoiceNo}
                    maxLength={20}
                    placeholder="8至20位数字"
                    onChange={(e) => setInvoiceNo(e.target.value)}
                    data-testid="invoice-no-input"
                  />
                </Form.Item>
              </Form>
              {d.canGenerate && !pdfKey && (
                <Typography.Text type="secondary">
                  不上传时将生成测试电子发票（仅非生产环境，注明非税务机关开具）。
                </Typography.Text>
              )}
            </div>
          )}
          {d.status === 'approved' && (
            <Space>
              {d.pdfUrl && (
                <Button href={d.pdfUrl} target="_blank" data-testid="invoice-pdf-link">
                  查看发票PDF
                </Button>
              )}
              <Button
                loading={resend.isPending}
                onClick={() =>
                  void resend.mutateAsync({ id: d.id }).then(
                    () => void message.success(`已重新发送至${d.profile.email}`),
                    (error: Error) => void message.error(error.message),
                  )
                }
                data-testid="invoice-resend"
              >
                重新发送邮件
              </Button>
            </Space>
          )}
        </Space>
      )}
    </ReviewDrawer>
  );
}
