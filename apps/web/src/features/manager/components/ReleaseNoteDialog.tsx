import { Button, Modal, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReleaseNote, type NoteKey } from '../api/updates-note.ts';
import { NEW_NOTE, type Values } from '../utils/release-note-values.ts';
import { ReleaseNoteEditor } from './ReleaseNoteEditor.tsx';

/** Writes a new release note (`noteKey` null) or edits one: a tab per language, items, images, a live preview. */
export function ReleaseNoteDialog({ noteKey, onClose }: { noteKey: NoteKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const note = useReleaseNote(noteKey);
  if (!noteKey) return <ReleaseNoteEditor initialKey={null} initial={NEW_NOTE} onClose={onClose} />;
  if (note.data)
    return (
      <ReleaseNoteEditor
        initialKey={noteKey}
        initial={{
          type: note.data.type,
          version: note.data.version,
          releaseType: note.data.releaseType,
          texts: note.data.texts as Values['texts'],
        }}
        onClose={onClose}
      />
    );
  return (
    <Modal
      open
      title={t('updates.manager.editTitle', { version: noteKey.version })}
      onCancel={onClose}
      footer={null}
    >
      {note.isError ? (
        <Result
          status="warning"
          subTitle={t('updates.manager.noteLoadFailed')}
          extra={<Button onClick={() => void note.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  );
}
