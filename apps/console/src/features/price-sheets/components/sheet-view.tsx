import { memo } from 'react';
import { Badge, Descriptions, Space, Table, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { FieldGroup, FieldRow, SheetTab } from '../sheet-sections';
import { SheetCell } from './sheet-cell';
import { useSheetState } from './sheet-context';

function GroupTable({ group }: { group: FieldGroup }) {
  if (group.compact) {
    return (
      <Descriptions
        size="small"
        bordered
        column={{ xs: 2, md: 4, xl: 6 }}
        items={group.rows.map((row) => ({
          key: row.key,
          label: row.label,
          children: row.fields[0] && (
            <SheetCell field={row.fields[0]} label={`${row.label} ${group.columns[0]}`} />
          ),
        }))}
      />
    );
  }
  const columns: TableColumnsType<FieldRow> = [
    { title: group.rowHeader, dataIndex: 'label', fixed: 'left', width: 200 },
    ...group.columns.map((title, i) => ({
      title,
      key: `c${i}`,
      render: (_: unknown, row: FieldRow) => {
        const field = row.fields[i];
        return field ? <SheetCell field={field} label={`${row.label} ${title}`} /> : '—';
      },
    })),
  ];
  return (
    <Table<FieldRow>
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={group.rows}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** A tab's title, with how many problems lie under it. */
function TabLabel({ tab }: { tab: SheetTab }) {
  const count = useSheetState(
    (s) =>
      [...s.problems.keys()].filter((path) =>
        tab.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
      ).length,
  );
  return (
    <Badge count={count} size="small" offset={[8, -2]}>
      {tab.title}
    </Badge>
  );
}

/**
 * A price sheet in tabs (PCB, SMT, stencils, shipping, tax and cut-off), each a few tables of
 * labelled values; a tab with problems shows how many.
 */
export const SheetView = memo(function SheetView({ tabs }: { tabs: SheetTab[] }) {
  return (
    <Tabs
      items={tabs.map((tab) => {
        return {
          key: tab.key,
          label: <TabLabel tab={tab} />,
          children: (
            <Space orientation="vertical" size={24} style={{ width: '100%' }}>
              {tab.groups.map((group) => (
                <section key={group.key} aria-label={group.title}>
                  <Typography.Title level={5}>{group.title}</Typography.Title>
                  {group.note && (
                    <Typography.Paragraph type="secondary">{group.note}</Typography.Paragraph>
                  )}
                  <GroupTable group={group} />
                </section>
              ))}
            </Space>
          ),
        };
      })}
    />
  );
});
