import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeviceRow, deviceRow, paged } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { CASES_KEY } from './keys.ts';

type DevicePage = z.infer<ReturnType<typeof paged<typeof deviceRow>>>;

/** Roles that may upload with a device: its owner, an organization it is lent to, a device user. */
const UPLOADING_ROLES: ReadonlySet<DeviceRow['role']> = new Set(['owner', 'authorized', 'user']);

/** The devices the caller may send a case with (POST /api2/device/scan/auths, every page of 100). */
export async function getUploadDevices(): Promise<DeviceRow[]> {
  const rows: DeviceRow[] = [];
  for (let pageIndex = 1; ; pageIndex += 1) {
    const page = await request<DevicePage>({
      host: 'access',
      method: 'POST',
      path: '/api2/device/scan/auths',
      body: { pageIndex, pageSize: 100 },
    });
    rows.push(...page.records);
    if (page.records.length === 0 || rows.length >= page.totalRecords) break;
  }
  return rows.filter((d) => UPLOADING_ROLES.has(d.role));
}

export const useUploadDevices = () =>
  useQuery({ queryKey: [...CASES_KEY, 'upload-devices'], queryFn: getUploadDevices, staleTime: 60_000 });
