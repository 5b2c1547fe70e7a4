import { Col, Row, Typography } from 'antd';
import type { AuditEntry } from '@pcb/contract/staff-audit';

function Json({ title, value }: { title: string; value: AuditEntry['before'] }) {
  return (
    <Col span={12}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <pre className="console-json">{value ? JSON.stringify(value, null, 2) : '（无）'}</pre>
    </Col>
  );
}

/** What a write changed: the object before and after, side by side. */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  return (
    <Row gutter={16}>
      <Json title="变更前" value={entry.before} />
      <Json title="变更后" value={entry.after} />
    </Row>
  );
}
