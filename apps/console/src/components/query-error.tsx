import { Alert, Button } from 'antd';

/** A query that failed: the server's message and a retry, where the data would be. */
export function QueryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title="加载失败"
      description={error.message}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
