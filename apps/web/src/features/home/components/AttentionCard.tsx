import type { ReactNode } from 'react';
import { Badge, Card, Flex, List, Typography, theme } from 'antd';
import { ClockCircleOutlined, CloudDownloadOutlined, DisconnectOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardAttention } from '@archway/contract';

function Section({
  icon,
  title,
  count,
  link,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  count: number;
  link: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={6} data-testid={testId}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <span style={{ color: count > 0 ? token.colorWarning : token.colorTextTertiary }}>{icon}</span>
          <Typography.Text strong>{title}</Typography.Text>
          <Badge
            count={count}
            showZero
            color={count > 0 ? token.colorWarning : token.colorTextQuaternary}
            data-testid="attention-count"
          />
        </Flex>
        {link}
      </Flex>
      {children}
    </Flex>
  );
}

/** What needs doing: authorizations running out within 7 days, scanners whose scans go nowhere, cases not downloaded. */
export function AttentionCard({ dashboard }: { dashboard: DashboardAttention }) {
  const { t } = useTranslation();
  const { expiring, noReceiver, noReceiverCount, notDownloaded } = dashboard.attention;
  const empty = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  return (
    <Card
      title={t('home.attention.title')}
      size="small"
      data-testid="home-attention"
      style={{ height: '100%' }}
    >
      <Flex vertical gap={16}>
        <Section
          testId="attention-expiring"
          icon={<ClockCircleOutlined />}
          title={t('home.attention.expiring')}
          count={expiring.length}
          link={<Link to="/device">{t('home.attention.openDevices')}</Link>}
        >
          {expiring.length === 0 ? (
            empty(t('home.attention.noneExpiring'))
          ) : (
            <List
              size="small"
              dataSource={expiring}
              rowKey="id"
              renderItem={(a) => (
                <List.Item style={{ paddingInline: 0 }}>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                      {a.deviceName} <Typography.Text type="secondary">({a.serial})</Typography.Text>
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(a.lent === 'out' ? 'home.attention.lentTo' : 'home.attention.lentBy', {
                        name: a.custName,
                        date: dayjs(a.expiresAt).format('L LT'),
                      })}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          )}
        </Section>
        <Section
          testId="attention-no-receiver"
          icon={<DisconnectOutlined />}
          title={t('home.attention.noReceiver')}
          count={noReceiverCount}
          link={<Link to="/device">{t('home.attention.chooseReceivers')}</Link>}
        >
          {noReceiverCount === 0 ? (
            empty(t('home.attention.noneNoReceiver'))
          ) : (
            <>
              <List
                size="small"
                dataSource={noReceiver}
                rowKey="id"
                renderItem={(d) => (
                  <List.Item style={{ paddingInline: 0, overflowWrap: 'anywhere' }}>
                    <span>
                      {d.name} <Typography.Text type="secondary">({d.serial})</Typography.Text>
                    </span>
                  </List.Item>
                )}
              />
              {noReceiverCount > noReceiver.length &&
                empty(t('home.attention.more', { count: noReceiverCount - noReceiver.length }))}
            </>
          )}
        </Section>
        <Section
          testId="attention-not-downloaded"
          icon={<CloudDownloadOutlined />}
          title={t('home.attention.notDownloaded')}
          count={notDownloaded}
          link={notDownloaded > 0 ? <Link to="/caseNot">{t('home.attention.openNotDownloaded')}</Link> : null}
        >
          {empty(
            t(notDownloaded === 0 ? 'home.attention.noneNotDownloaded' : 'home.attention.notDownloadedHint'),
          )}
        </Section>
      </Flex>
    </Card>
  );
}
