import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** One titled part of the order drawer, a region named by its title. */
export function OrderSection({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title}>
      <Flex justify="space-between" align="baseline" gap={12}>
        <Typography.Title level={5}>{title}</Typography.Title>
        {extra}
      </Flex>
      {children}
    </section>
  );
}
