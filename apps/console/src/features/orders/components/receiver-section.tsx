import { App, Button, Descriptions, Typography } from 'antd';
import { showInvisible } from '@pcb/contract';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { canCall, useStaff } from '../../../lib/staff-session';
import { useRevealOrderReceiver } from '../api/reveal-order-receiver';
import { courierName, invoiceName } from '../order-labels';
import { OrderSection } from './order-section';

/**
 * Receiver, contact, courier, invoice, remark and the design file. The receiver is masked
 * (product decisions §5); production and admin, who ship, may reveal it once per opening of
 * the drawer — an audited call, as the button says.
 */
export function ReceiverSection({ detail }: { detail: StaffOrderDetail }) {
  const { message } = App.useApp();
  const staff = useStaff();
  const reveal = useRevealOrderReceiver();
  const full = reveal.data && reveal.variables?.id === detail.id ? reveal.data : null;
  const mayReveal = canCall(staff, StaffOrder.RevealReceiver);

  const revealButton = mayReveal && !full && (
    <Button
      size="small"
      loading={reveal.isPending}
      onClick={() =>
        reveal
          .mutateAsync({ id: detail.id })
          .catch((error: Error) => void message.error(error.message))
      }
    >
      查看完整地址
    </Button>
  );

  return (
    <OrderSection
      title="收货与开票"
      extra={
        mayReveal && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {full ? '已显示完整收货信息（已记入审计日志）' : '查看完整地址会记入审计日志'}
          </Typography.Text>
        )
      }
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="收货人">
          {full
            ? `${showInvisible(full.receiverName)} ${full.mobile}`
            : `${showInvisible(detail.receiver.receiverName)} ${detail.receiver.mobile}`}
        </Descriptions.Item>
        <Descriptions.Item label="收货地址">
          {full ? (
            <span data-testid="receiver-full">
              {full.province}
              {full.city}
              {full.county} {showInvisible(full.address)}
              {full.postcode && `（邮编 ${full.postcode}）`}
              {full.company && ` · ${showInvisible(full.company)}`}
            </span>
          ) : (
            <>
              {detail.receiver.regionText} {showInvisible(detail.receiver.address)} {revealButton}
            </>
          )}
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
    </OrderSection>
  );
}
