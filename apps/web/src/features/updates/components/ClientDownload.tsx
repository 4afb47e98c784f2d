import { useState } from 'react';
import { Button, Empty, Flex, Popover, Spin, Tag, Typography, theme } from 'antd';
import {
  AppleOutlined,
  DesktopOutlined,
  DownloadOutlined,
  LinuxOutlined,
  WindowsOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ClientPlatform } from '@archway/contract';
import { useClientDownloads } from '../api/get-client-downloads.ts';

const PLATFORM_ICONS: Record<ClientPlatform, typeof DesktopOutlined> = {
  windows: WindowsOutlined,
  macos: AppleOutlined,
  linux: LinuxOutlined,
  other: DesktopOutlined,
};

/** The scanner client's downloads the administrator published: icon, name, version, note, a link (new tab). */
export function ClientDownloadList() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const downloads = useClientDownloads();
  if (downloads.isLoading)
    return (
      <Flex justify="center" style={{ padding: 16 }}>
        <Spin />
      </Flex>
    );
  if (downloads.isError)
    return (
      <Flex vertical gap={8} align="flex-start">
        <Typography.Text type="secondary">{t('clientDownload.loadFailed')}</Typography.Text>
        <Button size="small" onClick={() => void downloads.refetch()}>
          {t('common.retry')}
        </Button>
      </Flex>
    );
  const list = downloads.data ?? [];
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }} data-testid="client-downloads">
      <Typography.Text type="secondary">{t('clientDownload.intro')}</Typography.Text>
      {list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('clientDownload.empty')}
          style={{ margin: 0 }}
          data-testid="client-downloads-empty"
        />
      ) : (
        list.map((item, index) => {
          const Icon = PLATFORM_ICONS[item.platform];
          return (
            <Flex
              key={index}
              gap={12}
              align="flex-start"
              style={{ minWidth: 0 }}
              data-testid="client-download"
            >
              <Icon style={{ fontSize: 22, color: token.colorTextSecondary, marginTop: 2 }} />
              <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Flex gap={6} align="center" wrap>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                    {item.name}
                  </Typography.Text>
                  {item.version && <Tag style={{ marginInlineEnd: 0 }}>{item.version}</Tag>}
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`clientDownload.platform.${item.platform}`)}
                  {item.note ? ` · ${item.note}` : ''}
                </Typography.Text>
                <Typography.Link
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="client-download-link"
                >
                  <DownloadOutlined /> {t('clientDownload.download')}
                </Typography.Link>
              </Flex>
            </Flex>
          );
        })
      )}
    </Flex>
  );
}

/** The top bar's client-download icon (hidden on the eu host by the top bar): a popover listing the downloads. */
export function ClientDownload() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={t('clientDownload.title')}
      placement="bottomRight"
      content={
        <div style={{ width: 'min(320px, calc(100vw - 48px))' }}>{open && <ClientDownloadList />}</div>
      }
    >
      <Button
        type="text"
        icon={<DesktopOutlined />}
        aria-label={t('clientDownload.title')}
        title={t('clientDownload.title')}
        data-testid="open-client-download"
      />
    </Popover>
  );
}
