import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  ColorPicker,
  Empty,
  Flex,
  Image,
  Input,
  Popconfirm,
  Progress,
  Skeleton,
  Typography,
  Upload,
} from 'antd';
import {
  DeleteOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  UploadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_SHARE_PICTURES } from '@archway/contract';
import { DEFAULT_REPORT_COLOR } from '../../../shared/report/colors.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useLogo } from '../api/get-logo.ts';
import { useUploadLogo } from '../api/upload-logo.ts';
import { useDeleteLogo } from '../api/delete-logo.ts';
import { pictureNames, useShareInfo } from '../api/get-share-info.ts';
import { useUploadShareImage } from '../api/upload-share-image.ts';
import { useDeleteShareImage } from '../api/delete-share-image.ts';
import { useUploadVideo } from '../api/upload-video.ts';
import { useDeleteVideo } from '../api/delete-video.ts';
import { useSaveSetting } from '../api/save-setting.ts';
import { useProtectedFile } from '../../../shared/api/protected-file.ts';
import { useIsAdministrator } from '../api/get-my-role.ts';
import { useSaveFeedback } from './feedback.ts';
import { imageRefusal, videoRefusal } from './file-checks.ts';

const IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/** Report customization (product §2, §5): logo and background, share introduction, colour, pictures, one video. */
export function ReportPanel() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <Typography.Text type="secondary">{t('preferences.report.hint')}</Typography.Text>
      {!useIsAdministrator() && (
        <Alert
          type="info"
          showIcon
          title={t('preferences.report.administratorOnly')}
          data-testid="report-readonly"
        />
      )}
      <LogoCard />
      <ShareTextCard />
      <PicturesCard />
      <VideoCard />
    </Flex>
  );
}

function Section({
  title,
  extra,
  children,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card size="small" title={title} extra={extra} data-testid={testId}>
      {children}
    </Card>
  );
}

/** A picked image, checked by type and size; a refusal is shown and nothing is sent. */
function useImagePick(send: (file: File) => void) {
  const { t } = useTranslation();
  return (file: File) => {
    const refusal = imageRefusal(file);
    if (refusal) toast(t(refusal));
    else send(file);
    return false;
  };
}

function ImageSlot({ type }: { type: 0 | 1 }) {
  const { t } = useTranslation();
  const logo = useLogo();
  const upload = useUploadLogo({ onSuccess: () => toast(t('preferences.report.uploaded'), 'success') });
  const remove = useDeleteLogo();
  const path = type === 0 ? logo.data?.logo : logo.data?.backgroud;
  const { src } = useProtectedFile(path);
  const pick = useImagePick((file) => upload.mutate({ type, file }));
  const name = type === 0 ? 'logo' : 'background';
  const administrator = useIsAdministrator();
  // The logo's box is the report's: 48 px high, up to 160 px wide (a square logo and a wide one both fit).
  const size = type === 0 ? { width: 160, height: 48 } : { width: 200, height: 112 };
  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <Typography.Text strong>{t(`preferences.report.${name}`)}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t(`preferences.report.${name}Hint`)}
      </Typography.Text>
      <Flex align="center" gap={12} wrap>
        <div
          style={{
            ...size,
            flex: 'none',
            border: '1px dashed rgba(0,0,0,0.25)',
            borderRadius: 6,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {src ? (
            <img
              src={src}
              alt={t(`preferences.report.${name}`)}
              data-testid={`${name}-preview`}
              style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          ) : (
            <PictureOutlined style={{ fontSize: 20, opacity: 0.45 }} />
          )}
        </div>
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={pick}
          maxCount={1}
          disabled={!administrator}
        >
          <Button
            icon={<UploadOutlined />}
            loading={upload.isPending}
            disabled={!administrator}
            data-testid={`${name}-upload`}
          >
            {path ? t('preferences.report.replace') : t('preferences.report.upload')}
          </Button>
        </Upload>
        {path && administrator && (
          <Popconfirm
            title={t('preferences.report.deleteConfirm')}
            okText={t('preferences.report.delete')}
            cancelText={t('preferences.cancel')}
            onConfirm={() => remove.mutateAsync(type)}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={remove.isPending}
              data-testid={`${name}-delete`}
            >
              {t('preferences.report.delete')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </Flex>
  );
}

function LogoCard() {
  const { t } = useTranslation();
  return (
    <Section title={t('preferences.report.logoTitle')} testId="report-logo">
      <Flex gap={32} wrap>
        <ImageSlot type={0} />
        <ImageSlot type={1} />
      </Flex>
    </Section>
  );
}

function ShareTextCard() {
  const { t } = useTranslation();
  const info = useShareInfo();
  const feedback = useSaveFeedback('preferences.emailUpdatesWarning');
  const save = useSaveSetting({ onSuccess: feedback.saved, onError: feedback.failed });
  const [draft, setDraft] = useState<string | null>(null);
  const administrator = useIsAdministrator();
  if (info.isPending) return <Skeleton active />;
  if (info.isError) return null;
  const stored = info.data.custInfo.custInfo ?? '';
  const text = draft ?? stored;
  const color = info.data.shareColor.shareColor;
  return (
    <Section title={t('preferences.report.shareTitle')} testId="report-share">
      <Flex vertical gap={12}>
        <Typography.Text strong>{t('preferences.report.introduction')}</Typography.Text>
        <Input.TextArea
          value={text}
          maxLength={2000}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('preferences.report.introductionPlaceholder')}
          readOnly={!administrator}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="introduction"
        />
        <Flex justify="flex-end">
          <Button
            type="primary"
            disabled={text === stored || !administrator}
            loading={save.isPending && save.variables?.type === 2}
            onClick={() => save.mutate({ type: 2, introduction: text }, { onSuccess: () => setDraft(null) })}
          >
            {t('preferences.save')}
          </Button>
        </Flex>
        <Flex align="center" gap={12} wrap>
          <Typography.Text strong>{t('preferences.report.color')}</Typography.Text>
          <ColorPicker
            value={color ?? DEFAULT_REPORT_COLOR}
            showText
            disabledAlpha
            disabled={!administrator}
            onChangeComplete={(value) => save.mutate({ type: 3, fontColor: value.toHexString() })}
          />
          {color && administrator && (
            <Button size="small" onClick={() => save.mutate({ type: 3, fontColor: null })}>
              {t('preferences.report.colorReset')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Section>
  );
}

function Picture({ name }: { name: string }) {
  const { t } = useTranslation();
  const { src } = useProtectedFile(`/attachment/${name}`);
  const remove = useDeleteShareImage();
  const administrator = useIsAdministrator();
  return (
    <Flex vertical gap={4} align="center" style={{ width: 104 }}>
      <div
        style={{
          width: 104,
          height: 104,
          borderRadius: 6,
          overflow: 'hidden',
          background: 'rgba(0,0,0,0.04)',
        }}
      >
        {src ? (
          <Image
            src={src}
            width={104}
            height={104}
            style={{ objectFit: 'cover' }}
            alt={t('preferences.report.picture')}
          />
        ) : (
          <Skeleton.Image active style={{ width: 104, height: 104 }} />
        )}
      </div>
      {administrator && (
        <Popconfirm
          title={t('preferences.report.deleteConfirm')}
          okText={t('preferences.report.delete')}
          cancelText={t('preferences.cancel')}
          onConfirm={() => remove.mutateAsync(name)}
        >
          <Button size="small" danger type="text" icon={<DeleteOutlined />} loading={remove.isPending}>
            {t('preferences.report.delete')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}

function PicturesCard() {
  const { t } = useTranslation();
  const info = useShareInfo();
  const upload = useUploadShareImage();
  const names = pictureNames(info.data);
  const full = names.length >= MAX_SHARE_PICTURES;
  const administrator = useIsAdministrator();
  const pick = useImagePick((file) => upload.mutate(file));
  return (
    <Section
      title={t('preferences.report.pictures', { count: names.length, max: MAX_SHARE_PICTURES })}
      testId="report-pictures"
      extra={
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={pick}
          disabled={full || !administrator}
        >
          <Button
            size="small"
            icon={<UploadOutlined />}
            loading={upload.isPending}
            disabled={full || !administrator}
          >
            {t('preferences.report.addPicture')}
          </Button>
        </Upload>
      }
    >
      {names.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preferences.report.noPictures')} />
      ) : (
        <Image.PreviewGroup>
          <Flex gap={12} wrap>
            {names.map((name) => (
              <Picture key={name} name={name} />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      {full && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('preferences.report.picturesFull')}
        </Typography.Text>
      )}
    </Section>
  );
}

function VideoPlayer() {
  const { t } = useTranslation();
  const { src } = useProtectedFile('/cust/clinic/video');
  if (!src)
    return (
      <Skeleton.Node active style={{ width: 320, height: 180 }}>
        {t('preferences.report.loadingVideo')}
      </Skeleton.Node>
    );
  return (
    <video
      src={src}
      controls
      autoPlay
      data-testid="video-player"
      style={{ width: '100%', maxWidth: 480, borderRadius: 6, background: '#000' }}
    />
  );
}

function VideoCard() {
  const { t } = useTranslation();
  const info = useShareInfo();
  const [progress, setProgress] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const upload = useUploadVideo({ onSettled: () => setProgress(null) });
  const remove = useDeleteVideo({ onSuccess: () => setPlaying(false) });
  const video = info.data?.shareVideo.shareVideo ?? null;
  const administrator = useIsAdministrator();
  const pick = (file: File) => {
    const refusal = videoRefusal(file);
    if (refusal) toast(t(refusal));
    else {
      setProgress(0);
      upload.mutate({ file, onProgress: setProgress });
    }
    return false;
  };
  return (
    <Section title={t('preferences.report.video')} testId="report-video">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('preferences.report.videoHint')}
        </Typography.Text>
        {video ? (
          <>
            {playing ? (
              <VideoPlayer />
            ) : (
              <Flex align="center" gap={8}>
                <VideoCameraOutlined />
                <Typography.Text>{t('preferences.report.videoReady')}</Typography.Text>
              </Flex>
            )}
            <Flex gap={8} wrap>
              {!playing && (
                <Button
                  icon={<PlayCircleOutlined />}
                  onClick={() => setPlaying(true)}
                  data-testid="video-play"
                >
                  {t('preferences.report.play')}
                </Button>
              )}
              {administrator && (
                <Popconfirm
                  title={t('preferences.report.videoDeleteConfirm')}
                  okText={t('preferences.report.delete')}
                  cancelText={t('preferences.cancel')}
                  onConfirm={() => remove.mutateAsync()}
                >
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    loading={remove.isPending}
                    data-testid="video-delete"
                  >
                    {t('preferences.report.delete')}
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          </>
        ) : (
          <Flex vertical gap={8} align="flex-start">
            <Upload
              accept="video/mp4,.mp4"
              showUploadList={false}
              beforeUpload={pick}
              disabled={progress !== null || !administrator}
            >
              <Button
                icon={<UploadOutlined />}
                disabled={progress !== null || !administrator}
                data-testid="video-upload"
              >
                {t('preferences.report.uploadVideo')}
              </Button>
            </Upload>
            {progress !== null && (
              <Progress percent={progress} size="small" style={{ width: 240 }} data-testid="video-progress" />
            )}
          </Flex>
        )}
      </Flex>
    </Section>
  );
}
