import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignNote } from '@archway/contract';
import { formatDateTime } from '../../../shared/i18n/format.ts';

/** The design notes of the labs (the sender sees every receiver's; a lab its forwarding partner's). */
export function LabNotes({ notes, emptyText }: { notes: DesignNote[]; emptyText: string }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('design.notes.title')} data-testid="design-notes">
      {notes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ margin: 0 }} />
      ) : (
        <Flex vertical gap={12}>
          {notes.map((n) => (
            <div key={n.custId} data-testid="design-lab-note">
              <Flex gap={8} wrap align="baseline">
                <Typography.Text strong>{n.custName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(new Date(n.updatedAt))}
                </Typography.Text>
              </Flex>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {n.note}
              </Typography.Paragraph>
            </div>
          ))}
        </Flex>
      )}
    </Card>
  );
}
