import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProcessStatusCode } from '@archway/contract';
import { useSetProcessStatus } from '../api/set-process-status.ts';
import { processStatusKey, processStatusOptions } from '../utils/process-status.ts';
import { toast } from '../../../shared/ui/toast.ts';

/** The receiving lab's progress on its copy (PUT /processStatus); 5 only while the case is at 1. */
export function ProcessStatusSelect({ caseId, current }: { caseId: string; current: number | null }) {
  const { t } = useTranslation();
  const change = useSetProcessStatus({
    onSuccess: () => toast(t('cases.progress.changed'), 'success'),
  });
  return (
    <Select<ProcessStatusCode>
      value={(current ?? undefined) as ProcessStatusCode | undefined}
      placeholder={t('cases.progress.choose')}
      aria-label={t('cases.progress.label')}
      loading={change.isPending}
      disabled={change.isPending}
      onChange={(status) => change.mutate({ id: caseId, status })}
      style={{ minWidth: 180, maxWidth: '100%' }}
      popupMatchSelectWidth={false}
      data-testid="process-status"
      options={processStatusOptions(current).map((status) => ({
        value: status,
        label: t(processStatusKey(status)),
      }))}
    />
  );
}
