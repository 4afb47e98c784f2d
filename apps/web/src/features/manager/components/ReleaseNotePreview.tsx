import { Flex, Form, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language, ReleaseNoteImage } from '@archway/contract';
import { serviceAddress } from '../../../shared/download.ts';
import { ReleaseNoteItems, type NoteItemView } from '../../../shared/ui/ReleaseNoteItems.tsx';

/** What users will see in this language, updated as the administrator types (HTML sanitized on the way). */
export function ReleaseNotePreview({
  lang,
  version,
  images,
}: {
  lang: Language;
  version: string;
  images: ReleaseNoteImage[];
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const topic = (Form.useWatch(['texts', lang, 'topic']) as string | undefined) ?? '';
  const items = (Form.useWatch(['texts', lang, 'items']) as NoteItemView[] | undefined) ?? [];
  const urls = new Map(images.map((i) => [i.name, serviceAddress('admin', i.url)]));
  return (
    <Flex vertical gap={8} style={{ minWidth: 0, position: 'sticky', top: 0 }}>
      <Typography.Text strong>{t('updates.manager.preview')}</Typography.Text>
      <div
        style={{
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          padding: 12,
          minHeight: 120,
          maxHeight: 520,
          overflow: 'auto',
        }}
        data-testid={`note-preview-${lang}`}
      >
        {topic.trim() || items.length ? (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {topic || version}
            </Typography.Title>
            <ReleaseNoteItems
              items={items}
              version={version}
              releaseType={1}
              imageUrl={(name) => urls.get(name) ?? ''}
            />
          </>
        ) : (
          <Typography.Text type="secondary">{t('updates.manager.previewEmpty')}</Typography.Text>
        )}
      </div>
    </Flex>
  );
}
