import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Segmented, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  couponServiceNames,
  couponStateNames,
  type CouponState,
} from '@pcb/contract/member-rebate';
import {
  offlineCouponTypes,
  StaffCoupon,
  type StaffMemberCoupon,
} from '@pcb/contract/staff-coupon';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { tablePagination } from '../../../lib/paging';
import { canCall, useStaff } from '../../../lib/staff-session';
import { useMemberCoupons, useRedeemCoupon } from '../api/member-coupons';

const isOffline = (c: StaffMemberCoupon) =>
  (offlineCouponTypes as readonly string[]).includes(c.serviceType);

const toFen = (value: unknown) =>
  typeof value === 'number' ? Math.round(value * 100) : value === null ? undefined : value;

/**
 * The member's coupons in the drawer; a layout or BOM coupon is redeemed (核销) here against the
 * offline quote the member accepted (decision 0066).
 */
export function MemberCoupons({ memberId }: { memberId: number }) {
  const staff = useStaff();
  const [state, setState] = useState<CouponState>('unused');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const coupons = useMemberCoupons({ memberId, state, ...paging });
  const [redeeming, setRedeeming] = useState<StaffMemberCoupon | null>(null);
  const canRedeem = canCall(staff, StaffCoupon.Redeem);

  const columns: TableColumnsType<StaffMemberCoupon> = [
    {
      title: '优惠券',
      key: 'name',
      render: (_, c) => (
        <>
          {c.name} <Tag>{couponServiceNames[c.serviceType]}</Tag>
          {c.isExpiringSoon && <Tag color="orange">即将过期</Tag>}
        </>
      ),
    },
    {
      title: '面额 / 门槛',
      key: 'amount',
      render: (_, c) =>
        `${formatYuan(c.amount)} / ${c.minOrderAmount > 0 ? `满${formatYuan(c.minOrderAmount)}` : '无门槛'}`,
    },
    { title: '有效期至', dataIndex: 'validTo', render: (v: string) => formatTime(v) },
    ...(state === 'used'
      ? [
          {
            title: '使用',
            key: 'use',
            render: (_: unknown, c: StaffMemberCoupon) =>
              c.quote
                ? `线下报价 ${c.quote.ref}（${formatYuan(c.quote.amount)}）抵扣 ${formatYuan(c.quote.deduction)}，${c.redeemedBy ?? ''}核销`
                : `订单 ${c.orderNo ?? ''}`,
          },
        ]
      : []),
    ...(state === 'unused' && canRedeem
      ? [
          {
            title: '操作',
            key: 'action',
            render: (_: unknown, c: StaffMemberCoupon) =>
              isOffline(c) ? (
                <Button size="small" type="link" onClick={() => setRedeeming(c)}>
                  核销
                </Button>
              ) : (
                <Typography.Text type="secondary">下单付款时使用</Typography.Text>
              ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="member-coupons">
      <Typography.Title level={5}>优惠券</Typography.Title>
      <Segmented<CouponState>
        value={state}
        onChange={(v) => {
          setState(v);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        options={(['unused', 'used', 'expired'] as const).map((s) => ({
          value: s,
          label: couponStateNames[s],
        }))}
        style={{ marginBottom: 8 }}
      />
      {coupons.isError ? (
        <QueryError error={coupons.error} onRetry={() => void coupons.refetch()} />
      ) : (
        <Table<StaffMemberCoupon>
          rowKey="id"
          size="small"
          loading={coupons.isPending}
          dataSource={coupons.data?.items ?? []}
          columns={columns}
          locale={{ emptyText: `没有${couponStateNames[state]}的优惠券` }}
          pagination={tablePagination(paging, coupons.data?.total, (page, pageSize) =>
            setPaging({ page, pageSize }),
          )}
        />
      )}
      {redeeming && (
        <RedeemModal memberId={memberId} coupon={redeeming} onClose={() => setRedeeming(null)} />
      )}
    </div>
  );
}

interface RedeemValues {
  quoteRef: string;
  quoteAmount: number;
}

function RedeemModal({
  memberId,
  coupon,
  onClose,
}: {
  memberId: number;
  coupon: StaffMemberCoupon;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const redeem = useRedeemCoupon();
  const { form, item, refuse } = useSchemaForm(StaffCoupon.Redeem.input);
  return (
    <FormModal<RedeemValues>
      title={`核销${couponServiceNames[coupon.serviceType]}优惠券`}
      okText="核销"
      pending={redeem.isPending}
      form={form as never}
      refuse={refuse}
      onSubmit={async (values) => {
        const done = await redeem.mutateAsync({
          memberId,
          couponId: coupon.id,
          quoteRef: values.quoteRef,
          quoteAmount: Math.round(values.quoteAmount * 100),
        });
        void message.success(`已核销，抵扣 ${formatYuan(done.quote?.deduction ?? 0)}`);
        onClose();
      }}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        「{coupon.name}」{formatYuan(coupon.amount)}
        {coupon.minOrderAmount > 0 ? `，报价满${formatYuan(coupon.minOrderAmount)}可用` : ''}
        。核销后该券即为已使用，不能撤销；会员在“我的优惠券”中看到报价单号。
      </Typography.Paragraph>
      <Form.Item {...item('quoteRef')}>
        <Input maxLength={40} placeholder="线下报价单号，例如 BJ-2026-0012" />
      </Form.Item>
      <Form.Item {...item('quoteAmount', { toWire: toFen, label: '报价金额（元）' })}>
        <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
