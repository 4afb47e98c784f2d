import { useState } from 'react';
import { App as AntApp, Button, Empty, Flex, Result, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReleaseNoteRow } from '@archway/contract';
import { languageDef } from '../../../shared/i18n/languages.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useReleaseNotes } from '../api/updates-list.ts';
import { useDeleteReleaseNote, type NoteKey } from '../api/updates-note.ts';
import { ReleaseNoteDialog } from './ReleaseNoteDialog.tsx';

const RELEASE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange' };
type Row = ReleaseNoteRow & { id: string };

/** `/manager` "Release notes": what the update dialog shows, per client and version (administrators). */
export function ReleaseNotesTab() {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const list = useReleaseNotes();
  const [editing, setEditing] = useState<{ key: NoteKey | null } | null>(null);
  const remove = useDeleteReleaseNote();

  const confirmDelete = (row: Row) =>
    modal.confirm({
      title: t('updates.manager.deleteTitle'),
      content: t('updates.manager.deleteBody', { version: row.version, topic: row.topic }),
      okText: t('updates.manager.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ type: row.type, version: row.version })
          .then(() => toast(t('updates.manager.deleted'), 'success'))
          .catch(() => undefined),
    });

  if (list.isError)
    return (
      <Result
        status="warning"
        subTitle={t('updates.manager.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );

  const create = () => setEditing({ key: null });
  const rows: Row[] = (list.data ?? []).map((r) => ({ ...r, id: `${r.type}/${r.version}` }));
  return (
    <Flex vertical gap={16} data-testid="release-notes">
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('updates.manager.intro')}
        </Typography.Paragraph>
        <DataTable<Row>
          pageKey="manager.releaseNotes"
          rowKey="id"
          loading={list.isLoading}
          dataSource={rows}
          data-testid="release-notes-table"
          toolbar={
            <>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => void list.refetch()}
                loading={list.isFetching && !list.isLoading}
                aria-label={t('updates.manager.refresh')}
                title={t('updates.manager.refresh')}
              />
              <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="release-note-new">
                {t('updates.manager.new')}
              </Button>
            </>
          }
          emptyText={
            <Empty description={t('updates.manager.empty')}>
              <Button type="primary" icon={<PlusOutlined />} onClick={create}>
                {t('updates.manager.writeFirst')}
              </Button>
            </Empty>
          }
          cardTitle={(r) => (
            <Typography.Text strong>
              {r.version} · {r.topic}
            </Typography.Text>
          )}
          columns={[
            {
              key: 'version',
              title: t('updates.manager.version'),
              render: (r) => <Typography.Text strong>{r.version}</Typography.Text>,
            },
            {
              key: 'client',
              title: t('updates.manager.client'),
              render: (r) => (
                <Tag>{t(`updates.manager.clientType.${r.type}`, { defaultValue: String(r.type) })}</Tag>
              ),
            },
            {
              key: 'releaseType',
              title: t('updates.manager.releaseType'),
              render: (r) => (
                <Tag color={RELEASE_COLORS[r.releaseType]}>
                  {t(`updates.releaseType.${r.releaseType}`, {
                    defaultValue: t('updates.releaseType.other'),
                  })}
                </Tag>
              ),
            },
            { key: 'topic', title: t('updates.manager.topic'), ellipsis: 320, render: (r) => r.topic },
            {
              key: 'languages',
              title: t('updates.manager.languages'),
              render: (r) => (
                <Flex wrap gap={4}>
                  {r.languages.map((code) => (
                    <Tag key={code} style={{ marginInlineEnd: 0 }}>
                      {languageDef(code).nativeName}
                    </Tag>
                  ))}
                </Flex>
              ),
            },
            {
              key: 'images',
              title: t('updates.manager.imageCount'),
              align: 'right',
              render: (r) => r.images,
            },
            {
              key: 'created',
              title: t('updates.manager.created'),
              render: (r) => dayjs(`${r.createTime.replace(' ', 'T')}Z`).format('L'),
            },
          ]}
          actions={(r) => (
            <Flex gap={4} wrap>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing({ key: { type: r.type, version: r.version } })}
                data-testid="release-note-edit"
              >
                {t('updates.manager.edit')}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(r)}
                data-testid="release-note-delete"
              >
                {t('updates.manager.delete')}
              </Button>
            </Flex>
          )}
        />
      </Flex>
      {editing && <ReleaseNoteDialog noteKey={editing.key} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
