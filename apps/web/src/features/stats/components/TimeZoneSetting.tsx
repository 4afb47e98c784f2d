import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Modal, Select, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { StatsSettings } from '@archway/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useSetTimeZone } from '../api/set-time-zone.ts';

/** Every IANA zone the browser knows (the organization's own first when the browser lacks it). */
function zones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ([] as string[]);
  return known.includes(current) ? known : [current, ...known];
}

/**
 * The organization's time zone, in which its days are counted; an owner changes it after a confirmation, since every
 * figure is recounted.
 */
export function TimeZoneSetting({ settings }: { settings: StatsSettings | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [zone, setZone] = useState<string | null>(null);
  const options = useMemo(
    () =>
      settings ? zones(settings.timeZone).map((z) => ({ value: z, label: z.replaceAll('_', ' ') })) : [],
    [settings],
  );
  const change = useSetTimeZone({
    onSuccess: () => {
      setOpen(false);
      toast(t('stats.timeZone.changed'), 'success');
    },
  });
  if (!settings) return null;

  return (
    <Flex gap={4} align="center" wrap data-testid="stats-time-zone">
      <ClockCircleOutlined aria-hidden />
      <Typography.Text type="secondary">
        {t('stats.timeZone.label')}{' '}
        <Typography.Text strong data-testid="stats-time-zone-value">
          {settings.timeZone}
        </Typography.Text>
      </Typography.Text>
      {settings.canChangeTimeZone && (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setZone(settings.timeZone);
            setOpen(true);
          }}
          data-testid="stats-time-zone-change"
        >
          {t('stats.timeZone.change')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('stats.timeZone.title')}
        okText={t('stats.timeZone.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{
          danger: true,
          disabled: !zone || zone === settings.timeZone,
          loading: change.isPending,
        }}
        onOk={() => zone && change.mutate(zone)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('stats.timeZone.warning')} />
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={zone ?? undefined}
            onChange={setZone}
            options={options}
            aria-label={t('stats.timeZone.label')}
            style={{ width: '100%' }}
            data-testid="stats-time-zone-select"
          />
        </Flex>
      </Modal>
    </Flex>
  );
}
