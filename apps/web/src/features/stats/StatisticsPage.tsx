import { useState } from 'react';
import { Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/api/current-user.ts';
import { useStatsSettings } from './api/get-stats-settings.ts';
import { useStatsSubjects } from './api/get-stats-subjects.ts';
import { StatsTable } from './components/StatsTable.tsx';
import { ThresholdsForm } from './components/ThresholdsForm.tsx';
import { TimeZoneSetting } from './components/TimeZoneSetting.tsx';

/**
 * `/statistical` (product §2, §3): uploads per partner organization and month, the person's thresholds that turn
 * cells red, the export, and the organization's time zone in which days are counted.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [custId, setCustId] = useState<string | undefined>();
  const settings = useStatsSettings();
  const subjects = useStatsSubjects(custId);

  if (!user) return <Skeleton active />;
  if (!user.custId) return <Result status="info" title={t('stats.noOrganization')} />;

  return (
    <Card data-testid="stats-page" style={{ minWidth: 0 }}>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center" justify="space-between">
          <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 320px' }}>
            {t('stats.intro')}
          </Typography.Paragraph>
          <TimeZoneSetting settings={settings.data} />
        </Flex>
        <ThresholdsForm settings={settings.data} />
        <StatsTable
          custType={user.custType}
          settings={settings.data}
          subjects={subjects.data}
          custId={custId}
          onCustId={setCustId}
        />
      </Flex>
    </Card>
  );
}
