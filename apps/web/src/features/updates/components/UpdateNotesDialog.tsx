import { useState } from 'react';
import { Button, Empty, Flex, Modal, Result, Select, Skeleton, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UpdateLogItem } from '@archway/contract';
import { ReleaseNoteItems } from '../../../shared/ui/ReleaseNoteItems.tsx';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { useLogDetail } from '../api/get-log-detail.ts';
import { useLogList } from '../api/get-log-list.ts';
import { useMarkUpdatesSeen, useUpdatesSeen } from '../api/seen.ts';
import { closeUpdateNotes, useUpdateNotesAsked } from '../update-notes-store.ts';

const RELEASE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange' };

/** "YYYY-MM-DD HH:mm:ss" (UTC, as the server writes dates) in the reader's locale. */
const dateOf = (createTime: string) => dayjs(`${createTime.replace(' ', 'T')}Z`).format('L');

export function ReleaseTypeTag({ releaseType }: { releaseType: number }) {
  const { t } = useTranslation();
  const known = releaseType >= 1 && releaseType <= 3;
  return (
    <Tag color={RELEASE_COLORS[releaseType]} style={{ marginInlineEnd: 0 }}>
      {known ? t(`updates.releaseType.${releaseType}`) : t('updates.releaseType.other')}
    </Tag>
  );
}

/** The selected version: topic, version and date, then its items. */
function NoteDetail({ version }: { version: string }) {
  const { t } = useTranslation();
  const detail = useLogDetail(version);
  if (detail.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (detail.isError || !detail.data)
    return (
      <Result
        status="warning"
        subTitle={t('updates.dialog.detailFailed')}
        extra={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
      />
    );
  const note = detail.data;
  return (
    <article style={{ minWidth: 0 }} data-testid="update-note-detail">
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 4 }}>
        {note.Topic || note.Version}
      </Typography.Title>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {t('updates.dialog.versionDate', { version: note.Version, date: dateOf(note.CreateTime) })}
        </Typography.Text>
        <ReleaseTypeTag releaseType={note.ReleaseType} />
      </Flex>
      {note.ContentDetail.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('updates.dialog.noItems')} />
      ) : (
        <ReleaseNoteItems items={note.ContentDetail} version={note.Version} releaseType={note.ReleaseType} />
      )}
    </article>
  );
}

/** The versions, latest first: each with its topic, date and release type. */
function VersionList({
  list,
  selected,
  onSelect,
}: {
  list: UpdateLogItem[];
  selected: string;
  onSelect: (version: string) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <nav
      aria-label={t('updates.dialog.versions')}
      style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      {list.map((item) => {
        const active = item.Version === selected;
        return (
          <button
            key={item.Version}
            type="button"
            onClick={() => onSelect(item.Version)}
            aria-current={active ? 'true' : undefined}
            data-testid="update-version"
            style={{
              all: 'unset',
              cursor: 'pointer',
              padding: '8px 12px',
              borderRadius: token.borderRadius,
              background: active ? token.controlItemBgActive : undefined,
              borderInlineStart: `3px solid ${active ? token.colorPrimary : 'transparent'}`,
            }}
          >
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text strong>{item.Version}</Typography.Text>
              <ReleaseTypeTag releaseType={item.ReleaseType} />
            </Flex>
            <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '2px 0 0' }}>
              {item.Topic}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dateOf(item.CreateTime)}
            </Typography.Text>
          </button>
        );
      })}
    </nav>
  );
}

function UpdateNotesBody() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mobile = useViewportMode() === 'mobile';
  const list = useLogList();
  const [picked, setPicked] = useState<string | null>(null);

  if (list.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (list.isError || !list.data)
    return (
      <Result
        status="warning"
        subTitle={t('updates.dialog.loadFailed')}
        extra={
          <Button onClick={() => void list.refetch()} data-testid="updates-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  const items = list.data.list;
  if (items.length === 0)
    return <Empty description={t('updates.dialog.empty')} data-testid="updates-empty" />;
  const selected = items.some((i) => i.Version === picked) ? picked! : items[0]!.Version;

  if (mobile)
    return (
      <Flex vertical gap={16} style={{ minWidth: 0 }}>
        <Select
          value={selected}
          onChange={setPicked}
          aria-label={t('updates.dialog.version')}
          data-testid="update-version-select"
          options={items.map((i) => ({ value: i.Version, label: `${i.Version} · ${i.Topic}` }))}
          style={{ width: '100%' }}
        />
        <NoteDetail version={selected} />
      </Flex>
    );
  return (
    <Flex gap={20} style={{ height: 'min(64dvh, 620px)', minWidth: 0 }}>
      <div
        style={{
          width: 240,
          flex: 'none',
          overflowY: 'auto',
          paddingInlineEnd: 8,
          borderInlineEnd: `1px solid ${token.colorSplit}`,
        }}
      >
        <VersionList list={items} selected={selected} onSelect={setPicked} />
      </div>
      <div style={{ flex: 1, minWidth: 0, overflowY: 'auto', paddingInlineEnd: 4 }}>
        <NoteDetail version={selected} />
      </div>
    </Flex>
  );
}

/**
 * The update-notes dialog (product §4): opens by itself once per new version for a person who used an earlier one —
 * when the server says the latest version is newer than the one this person has been shown (`GET /UpdateLog/seen`,
 * kept per person, so a new browser does not show it again, and a first sign-in never does: the first-use guide
 * greets a new person) — and tells the server the version shown when it closes; the top bar's icon opens it at any
 * time. Waits while `paused` (the first-use guide is open).
 */
export function UpdateNotesDialog({ paused = false }: { paused?: boolean }) {
  const { t } = useTranslation();
  const mobile = useViewportMode() === 'mobile';
  const asked = useUpdateNotesAsked();
  const seen = useUpdatesSeen();
  const mark = useMarkUpdatesSeen();
  const [checked, setChecked] = useState(false);
  const [auto, setAuto] = useState(false);
  if (!checked && !paused && seen.data) {
    // The one automatic check of this sign-in: a version newer than the one seen opens the dialog.
    setChecked(true);
    if (seen.data.show) setAuto(true);
  }
  const open = asked || auto;

  const close = () => {
    // Shown (by itself or from the icon): the latest version is seen, in every browser of this person.
    if (seen.data?.show && !mark.isPending) mark.mutate(seen.data.version);
    setAuto(false);
    closeUpdateNotes();
  };

  return (
    <Modal
      open={open}
      title={t('updates.dialog.title')}
      onCancel={close}
      width={mobile ? 'calc(100vw - 16px)' : 920}
      style={{ top: mobile ? 8 : 40, paddingBottom: 0, maxWidth: 'calc(100vw - 16px)' }}
      styles={{
        body: mobile ? { maxHeight: 'calc(100dvh - 150px)', overflowY: 'auto', overflowX: 'hidden' } : {},
      }}
      destroyOnHidden
      rootClassName="update-notes-dialog"
      footer={
        <Button type="primary" onClick={close} data-testid="update-notes-close">
          {t('updates.dialog.close')}
        </Button>
      }
    >
      {open && <UpdateNotesBody />}
    </Modal>
  );
}
