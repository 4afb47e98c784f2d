import { useEffect, useState } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DESIGN_NOTE_MAX, type DesignNote } from '@archway/contract';
import { toast } from '../../../shared/ui/toast.ts';
import { useSaveDesignNote } from '../api/save-design-note.ts';

/** A receiving lab's own design note on the case: write, replace, or remove (confirmed). */
export function NoteEditor({ caseId, own }: { caseId: string; own: DesignNote | undefined }) {
  const { t } = useTranslation();
  const save = useSaveDesignNote();
  const [text, setText] = useState(own?.note ?? '');
  useEffect(() => setText(own?.note ?? ''), [own?.note]);
  const dirty = text.trim() !== (own?.note ?? '');

  const submit = (note: string, done: string) =>
    save.mutate({ caseId, note }, { onSuccess: () => toast(t(done), 'success') });

  return (
    <Card size="small" title={t('design.notes.own')} data-testid="design-own-note">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('design.notes.ownHint')}</Typography.Text>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={DESIGN_NOTE_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={t('design.notes.placeholder')}
          aria-label={t('design.notes.own')}
          data-testid="design-own-note-input"
        />
        <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 16 }}>
          {own && (
            <Popconfirm
              title={t('design.notes.removeConfirm')}
              onConfirm={() => submit('', 'design.notes.removed')}
              okText={t('design.notes.remove')}
              cancelText={t('common.cancel')}
            >
              <Button danger icon={<DeleteOutlined />} disabled={save.isPending}>
                {t('design.notes.remove')}
              </Button>
            </Popconfirm>
          )}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!dirty || !text.trim()}
            loading={save.isPending}
            onClick={() => submit(text.trim(), 'design.notes.saved')}
            data-testid="design-own-note-save"
          >
            {t('design.notes.save')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
