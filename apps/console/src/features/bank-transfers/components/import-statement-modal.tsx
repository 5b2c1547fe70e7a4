import { useState } from 'react';
import { Alert, Button, Collapse, Modal, Space, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { ApiError } from '@pcb/client';
import { STATEMENT_MAX_LINES, type StatementImport } from '@pcb/contract/staff-bank-transfer';
import { useImportBankStatement } from '../api/import-bank-statement';
import { statementColumnsHelp } from '../bank-transfer-labels';
import { decodeStatementFile, readFileBytes, type StatementEncoding } from '../statement-file';
import { StatementResults } from './statement-results';

interface Picked {
  fileName: string;
  text: string;
  encoding: StatementEncoding;
  lines: number;
}

function ColumnsHelp() {
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'columns',
          label: '对账单格式说明',
          children: (
            <>
              <Typography.Paragraph>
                从网银导出CSV（逗号或制表符分隔，UTF-8或GBK编码均可）。表头可在前几行标题之后，须包含下列列名（或括号中的别名）；金额为收入（贷方）金额，支出记录不入账；每次最多
                {STATEMENT_MAX_LINES}
                行。同一收款账号下的同一流水号只入账一次，重复导入或导入有重叠的文件都不会重复入账。
              </Typography.Paragraph>
              <Table
                size="small"
                pagination={false}
                rowKey="column"
                dataSource={statementColumnsHelp}
                columns={[
                  { title: '列名', dataIndex: 'column', width: 90 },
                  { title: '也可写作', dataIndex: 'also' },
                  { title: '示例', dataIndex: 'example' },
                ]}
              />
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * 导入对账单: a CSV picked here is read in the browser (its encoding found: UTF-8 with or
 * without a BOM, GBK, UTF-16), sent as text, and each line's outcome is shown: credited,
 * imported before, unmatched, or refused with its reason.
 */
export function ImportStatementModal({ onClose }: { onClose: () => void }) {
  const importStatement = useImportBankStatement();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<StatementImport | null>(null);

  const pick = async (file: File) => {
    setResult(null);
    setProblem(null);
    setPicked(null);
    try {
      const decoded = decodeStatementFile(await readFileBytes(file));
      if (!decoded.ok) setProblem(decoded.message);
      else
        setPicked({
          fileName: file.name,
          text: decoded.text,
          encoding: decoded.encoding,
          lines: decoded.lines,
        });
    } catch {
      setProblem('无法读取该文件，请重新选择');
    }
  };

  const start = async () => {
    if (!picked) return;
    setProblem(null);
    try {
      setResult(await importStatement.mutateAsync({ fileName: picked.fileName, csv: picked.text }));
      setPicked(null);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : '导入失败，请稍后重试');
    }
  };

  return (
    <Modal
      title="导入对账单"
      open
      width={960}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{result ? '完成' : '取消'}</Button>
          {!result && (
            <Button
              type="primary"
              disabled={!picked}
              loading={importStatement.isPending}
              onClick={() => void start()}
            >
              开始导入
            </Button>
          )}
        </Space>
      }
    >
      {result ? (
        <StatementResults result={result} />
      ) : (
        <>
          <ColumnsHelp />
          <Upload.Dragger
            accept=".csv,.txt,text/csv,text/plain"
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              void pick(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖入对账单文件（CSV）</p>
          </Upload.Dragger>
          {picked && (
            <Alert
              style={{ marginTop: 16 }}
              type="info"
              showIcon
              title={`${picked.fileName}：${picked.lines}行（含表头），${picked.encoding}编码`}
            />
          )}
        </>
      )}
      {problem && <Alert style={{ marginTop: 16 }} type="error" showIcon title={problem} />}
    </Modal>
  );
}
