import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { RECEIVER_LIMIT, type Receiver } from '@pcb/contract/member-receiver';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useReceivers } from '../api/get-receivers';
import { useDeleteReceiver, useSetDefaultReceiver } from '../api/save-receiver';
import { editAddressPath } from '../address-route';
import { regionLabel } from '../region-search';
import { AddressCard } from '../components/address-card';
import '../addresses.css';

/** /shippingAddress: the member's addresses, the default first; add, edit, set default, delete. */
export function ShippingAddressPage() {
  const navigate = useNavigate();
  const list = useReceivers();
  const setDefault = useSetDefaultReceiver();
  const remove = useDeleteReceiver();
  const [busyId, setBusyId] = useState<number | null>(null);

  const act = async (id: number, run: () => Promise<unknown>, done: string, failed: string) => {
    setBusyId(id);
    try {
      await run();
      showSuccess(done);
    } catch (error) {
      showFail(errorMessage(error, failed));
    } finally {
      setBusyId(null);
    }
  };

  const onDelete = async (receiver: Receiver) => {
    const confirmed = await confirmDialog({
      content: `确定删除「${receiver.receiverName} ${regionLabel(receiver.region)}」这个地址吗？`,
      confirmText: '删除',
    });
    if (confirmed) {
      await act(receiver.id, () => remove.mutateAsync(receiver.id), '已删除', '删除失败');
    }
  };

  const total = list.data?.total ?? 0;
  const full = total >= RECEIVER_LIMIT;
  const add = (
    <Button
      block
      color="primary"
      shape="rounded"
      size="large"
      disabled={full}
      onClick={() => void navigate(editAddressPath())}
      data-testid="address-add"
    >
      新增收货地址
    </Button>
  );

  let body;
  if (list.isPending) body = <PageLoading />;
  else if (list.isError) {
    body = (
      <PageError
        message={errorMessage(list.error, '收货地址加载失败')}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.data.items.length === 0) {
    body = (
      <PageEmpty text="还没有收货地址，添加一个，下单时就不用再填了">
        <div className="address-empty-add">{add}</div>
      </PageEmpty>
    );
  } else {
    body = (
      <>
        <ul className="address-list" aria-label="收货地址列表">
          {list.data.items.map((receiver) => (
            <AddressCard
              key={receiver.id}
              receiver={receiver}
              busy={busyId === receiver.id}
              onEdit={() => void navigate(editAddressPath(receiver))}
              onSetDefault={() =>
                void act(
                  receiver.id,
                  () => setDefault.mutateAsync(receiver.id),
                  '已设为默认地址',
                  '设置失败',
                )
              }
              onDelete={() => void onDelete(receiver)}
            />
          ))}
        </ul>
        <div className="address-bottom">
          <div className="address-count" data-testid="address-count">
            {full
              ? `已达上限 ${RECEIVER_LIMIT} 个，请先删除不用的地址`
              : `共 ${total} 个，最多可保存 ${RECEIVER_LIMIT} 个`}
          </div>
          {add}
        </div>
      </>
    );
  }

  return (
    <div className="address-page" data-testid="shipping-address-page">
      <PageHeader>收货地址</PageHeader>
      {body}
    </div>
  );
}
