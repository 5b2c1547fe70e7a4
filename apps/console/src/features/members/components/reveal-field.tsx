import { useState } from 'react';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { revealableMemberFields } from '@pcb/contract/staff-member';
import { useRevealMemberField } from '../api/reveal-member-field';

/**
 * A masked value with its 「显示」 button: the full value comes from Reveal, which the server
 * records in the audit log, and stays on screen until the drawer closes.
 */
export function RevealField({
  memberId,
  field,
  masked,
}: {
  memberId: number;
  field: (typeof revealableMemberFields)[number];
  masked: string | null;
}) {
  const { message } = App.useApp();
  const reveal = useRevealMemberField();
  const [value, setValue] = useState<string | null | undefined>(undefined);

  if (value !== undefined) {
    return (
      <Typography.Text copyable={value ? { text: value } : false}>
        {value ?? '（未填写）'}
      </Typography.Text>
    );
  }
  return (
    <Space size={8}>
      <span>{masked ?? '—'}</span>
      {masked && (
        <Tooltip title="查看完整信息（记入审计日志）">
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            loading={reveal.isPending}
            onClick={() =>
              reveal.mutate(
                { id: memberId, field },
                {
                  onSuccess: (result) => setValue(result.value),
                  onError: (error) => void message.error(error.message),
                },
              )
            }
          >
            显示
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}
