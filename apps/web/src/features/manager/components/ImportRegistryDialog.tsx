import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { countCsvRows } from '../utils/csv.ts';
import { MAX_IMPORT_BYTES, useImportRegistry, type ImportReport } from '../api/import-registry.ts';

/** CSV import ("serial,bindCode[,area]" lines): from a file read in the browser or pasted; a per-row report. */
export function ImportRegistryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const run = useImportRegistry({
    onSuccess: (answer) => {
      setReport(answer);
      toast(
        t('manager.import.done', { count: answer.imported, refused: answer.refused.length }),
        answer.refused.length ? 'warning' : 'success',
      );
    },
  });

  const readFile = async (file: File) => {
    if (file.size > MAX_IMPORT_BYTES) {
      toast(t('manager.import.tooLarge'));
      return;
    }
    setCsv(await file.text());
    setFileName(file.name);
    setReport(null);
  };

  const rows = countCsvRows(csv);

  return (
    <Modal
      open
      title={t('manager.import.title')}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            type="primary"
            disabled={rows === 0}
            loading={run.isPending}
            onClick={() => run.mutate({ csv })}
            data-testid="registry-import-submit"
          >
            {t('manager.import.submit', { count: rows })}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('manager.import.hint')}
        </Typography.Paragraph>
        <Flex align="center" gap={12} wrap>
          <Upload
            accept=".csv,.txt,text/csv,text/plain"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void readFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('manager.import.pick')}</Button>
          </Upload>
          {fileName && <Typography.Text type="secondary">{fileName}</Typography.Text>}
        </Flex>
        <Input.TextArea
          value={csv}
          onChange={(e) => {
            setCsv(e.target.value);
            setFileName(null);
            setReport(null);
          }}
          rows={8}
          placeholder={t('manager.import.placeholder')}
          style={{ fontFamily: 'monospace' }}
          data-testid="registry-csv"
        />
        {report && (
          <Flex vertical gap={8} data-testid="import-report">
            <Alert
              type={report.refused.length ? 'warning' : 'success'}
              showIcon
              title={t('manager.import.done', { count: report.imported, refused: report.refused.length })}
            />
            {report.refused.length > 0 && (
              <Table
                size="small"
                rowKey={(r) => `${r.line}-${r.serial}`}
                dataSource={report.refused}
                pagination={report.refused.length > 10 ? { pageSize: 10 } : false}
                columns={[
                  { key: 'line', title: t('manager.import.line'), dataIndex: 'line', width: 80 },
                  { key: 'serial', title: t('manager.registry.serial'), render: (_, r) => r.serial || '–' },
                  {
                    key: 'reason',
                    title: t('manager.import.reason'),
                    render: (_, r) => t(`errors.${r.key}`),
                  },
                ]}
              />
            )}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
