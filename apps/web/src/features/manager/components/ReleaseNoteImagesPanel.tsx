import { useState } from 'react';
import { Alert, App as AntApp, Button, Flex, Image, Progress, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReleaseNoteLimits, type ReleaseNote } from '@archway/contract';
import { serviceAddress } from '../../../shared/download.ts';
import { ApiError } from '../../../shared/request.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { uploadReleaseNoteImage, useDeleteReleaseNoteImage } from '../api/updates-images.ts';
import { RELEASE_NOTES_KEY } from '../api/updates-list.ts';
import type { NoteKey } from '../api/updates-note.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** The saved note's images: upload (with progress), thumbnails, delete with confirmation. */
export function ReleaseNoteImagesPanel({
  noteKey,
  note,
  onDeleted,
}: {
  noteKey: NoteKey | null;
  note: ReleaseNote | undefined;
  onDeleted: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const remove = useDeleteReleaseNoteImage({
    onSuccess: (_answer, { name }) => {
      onDeleted(name);
      toast(t('updates.manager.imageDeleted'), 'success');
    },
  });
  if (!noteKey)
    return (
      <Alert
        type="info"
        showIcon
        message={t('updates.manager.saveFirst')}
        data-testid="note-images-save-first"
      />
    );
  const images = note?.images ?? [];
  const full = images.length >= ReleaseNoteLimits.imagesPerNote;

  const upload = (file: File) => {
    setProgress(0);
    uploadReleaseNoteImage(noteKey, file, setProgress)
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: RELEASE_NOTES_KEY });
        toast(t('updates.manager.imageUploaded'), 'success');
      })
      .catch((error: unknown) => {
        toast(
          error instanceof ApiError
            ? t(error.i18nKey, { defaultValue: error.message })
            : t('errors.generic.application'),
        );
      })
      .finally(() => setProgress(null));
  };
  const confirmDelete = (name: string) =>
    modal.confirm({
      title: t('updates.manager.imageDeleteTitle'),
      content: t('updates.manager.imageDeleteBody'),
      okText: t('updates.manager.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync({ key: noteKey, name }).catch(() => undefined),
    });

  return (
    <Flex vertical gap={10} data-testid="note-images">
      <Flex gap={8} align="center" wrap>
        <Upload
          accept={IMAGE_TYPES}
          showUploadList={false}
          disabled={progress !== null || full}
          customRequest={({ file }) => upload(file as File)}
        >
          <Button
            icon={<UploadOutlined />}
            loading={progress !== null}
            disabled={full}
            data-testid="note-image-upload"
          >
            {t('updates.manager.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('updates.manager.uploadHint')}
        </Typography.Text>
      </Flex>
      {progress !== null && <Progress percent={progress} size="small" data-testid="note-image-progress" />}
      {images.length === 0 ? (
        <Typography.Text type="secondary">{t('updates.manager.noImages')}</Typography.Text>
      ) : (
        <Flex gap={12} wrap>
          {images.map((image) => (
            <Flex
              key={image.name}
              vertical
              gap={4}
              align="center"
              style={{ width: 112 }}
              data-testid="note-image-thumb"
            >
              <Image
                src={serviceAddress('admin', image.url)}
                alt={image.name}
                width={112}
                height={72}
                style={{ objectFit: 'cover', borderRadius: 6 }}
              />
              <Typography.Text style={{ fontSize: 11, maxWidth: 112 }} ellipsis={{ tooltip: image.name }}>
                {image.name}
              </Typography.Text>
              <Button
                size="small"
                danger
                type="text"
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(image.name)}
                aria-label={t('updates.manager.imageDelete')}
                title={t('updates.manager.imageDelete')}
                data-testid="note-image-delete"
              />
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
