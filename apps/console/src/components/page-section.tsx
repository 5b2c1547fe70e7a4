import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

/** A screen's panel: its title and actions on one line, the content below. */
export function PageSection({
  title,
  extra,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </Card>
  );
}
