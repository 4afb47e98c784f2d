import { useState } from 'react';
import { Flex, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@archway/contract';
import { useAllDevices } from '../api/get-devices.ts';
import { SearchAndRefresh } from '../../../shared/ui/SearchAndRefresh.tsx';
import { AuthorizationTable } from './AuthorizationTable.tsx';
import { lentRows, matchesKeyword, type LentDirection } from '../utils/lent.ts';

/**
 * "Authorized devices": authorizations both ways. Lent to me (devices other organizations lent to
 * this one) and lent by me (devices this organization lent out, with batch extension). Built from
 * every page of POST /api2/device/scan/auths with `lent: toMe | byMe`, then paged here.
 */
export function LentTab({
  custId,
  onReceivers,
}: {
  custId: string;
  onReceivers: (device: DeviceRow) => void;
}) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<LentDirection>('toMe');
  const [keyword, setKeyword] = useState('');
  // The server narrows each list to devices with authorizations to or from this organization.
  const toMe = useAllDevices('auths', 'toMe');
  const byMe = useAllDevices('auths', 'byMe');
  const devices = {
    refetch: () => Promise.all([toMe.refetch(), byMe.refetch()]),
    isFetching: toMe.isFetching || byMe.isFetching,
    isLoading: toMe.isLoading || byMe.isLoading,
  };

  const all = [...(toMe.data ?? []), ...(byMe.data ?? [])];
  const counts = { toMe: lentRows(all, custId, 'toMe').length, byMe: lentRows(all, custId, 'byMe').length };
  const rows = lentRows(all, custId, direction).filter((row) => matchesKeyword(row, keyword));

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        <Segmented<LentDirection>
          value={direction}
          onChange={setDirection}
          options={[
            { value: 'toMe', label: t('devices.lent.toMe', { count: counts.toMe }) },
            { value: 'byMe', label: t('devices.lent.byMe', { count: counts.byMe }) },
          ]}
          data-testid="lent-direction"
        />
        <SearchAndRefresh
          keyword={keyword}
          onKeyword={setKeyword}
          placeholder={t('devices.lent.searchPlaceholder')}
          onRefresh={() => void devices.refetch()}
          refreshing={devices.isFetching}
        />
      </Flex>
      <Typography.Text type="secondary">
        {t(direction === 'toMe' ? 'devices.lent.toMeHint' : 'devices.lent.byMeHint')}
      </Typography.Text>
      <AuthorizationTable
        key={direction}
        rows={rows}
        direction={direction}
        showDevice
        loading={devices.isLoading}
        onReceivers={onReceivers}
      />
    </Flex>
  );
}
