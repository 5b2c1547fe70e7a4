import { useState } from 'react';
import { App, Button, Select, Space } from 'antd';
import { useAccountManagers } from '../api/list-managers';
import { useAssignManager } from '../api/assign-manager';

/** Picks the member's account manager among the active sales staff (ListManagers). */
export function ManagerAssign({
  memberId,
  currentId,
}: {
  memberId: number;
  currentId: number | null;
}) {
  const { message } = App.useApp();
  const managers = useAccountManagers(true);
  const assign = useAssignManager();
  const [picked, setPicked] = useState<number | null>(currentId);

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label="客户经理"
        style={{ flex: 1 }}
        placeholder="选择客户经理"
        loading={managers.isPending}
        status={managers.isError ? 'error' : undefined}
        notFoundContent={managers.isError ? managers.error.message : '没有可分配的客户经理'}
        value={picked ?? undefined}
        onChange={setPicked}
        showSearch={{ optionFilterProp: 'label' }}
        options={managers.data?.map((m) => ({
          value: m.id,
          label: `${m.realName}（${m.mobileMasked}）`,
        }))}
      />
      <Button
        type="primary"
        disabled={picked === null || picked === currentId}
        loading={assign.isPending}
        onClick={() =>
          picked !== null &&
          assign.mutate(
            { id: memberId, managerId: picked },
            {
              onSuccess: () => void message.success('已分配客户经理'),
              onError: (error) => void message.error(error.message),
            },
          )
        }
      >
        分配
      </Button>
    </Space.Compact>
  );
}
