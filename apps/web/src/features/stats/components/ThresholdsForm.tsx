import { useEffect, useState } from 'react';
import { Button, Flex, InputNumber, Typography } from 'antd';
import type { StatsSettings } from '@archway/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useSaveThresholds } from '../api/save-thresholds.ts';

const LIMIT = 1_000_000;
const whole = (v: number | null) => (v === null || Number.isNaN(v) ? null : Math.trunc(v));

/** The person's thresholds: abnormal uploads (a total below it is red) and difference (a difference below it). */
export function ThresholdsForm({ settings }: { settings: StatsSettings | undefined }) {
  const { t } = useTranslation();
  const [abnormal, setAbnormal] = useState<number | null>(null);
  const [difference, setDifference] = useState<number | null>(null);
  useEffect(() => {
    if (!settings) return;
    setAbnormal(settings.abnormal);
    setDifference(settings.difference);
  }, [settings]);
  const save = useSaveThresholds({ onSuccess: () => toast(t('stats.thresholds.saved'), 'success') });
  const changed =
    settings !== undefined && (abnormal !== settings.abnormal || difference !== settings.difference);

  return (
    <Flex gap={8} align="center" wrap data-testid="stats-thresholds">
      <Typography.Text type="secondary">{t('stats.thresholds.title')}</Typography.Text>
      <InputNumber<number>
        min={0}
        max={LIMIT}
        precision={0}
        value={abnormal}
        onChange={(v) => setAbnormal(whole(v))}
        placeholder={t('stats.thresholds.none')}
        prefix={t('stats.thresholds.abnormal')}
        aria-label={t('stats.thresholds.abnormalLabel')}
        style={{ width: 210 }}
        data-testid="threshold-abnormal"
      />
      <InputNumber<number>
        min={-LIMIT}
        max={LIMIT}
        precision={0}
        value={difference}
        onChange={(v) => setDifference(whole(v))}
        placeholder={t('stats.thresholds.none')}
        prefix={t('stats.thresholds.difference')}
        aria-label={t('stats.thresholds.differenceLabel')}
        style={{ width: 210 }}
        data-testid="threshold-difference"
      />
      <Button
        type="primary"
        loading={save.isPending}
        disabled={!changed}
        onClick={() => save.mutate({ abnormal, difference })}
        data-testid="threshold-save"
      >
        {t('stats.thresholds.save')}
      </Button>
    </Flex>
  );
}
