import { Checkbox, Flex, Tag, Tooltip, Typography } from 'antd';
import { FileImageOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaseRow } from '@archway/contract';
import { useSeen } from '../../../shared/ui/use-seen.ts';
import { useThumbnail } from '../api/get-thumbnail.ts';
import { caseTypeKey } from '../utils/filters.ts';
import { localDateTime } from '../utils/dates.ts';
import { PROCESS_COLORS, processStatusKey } from '../utils/process-status.ts';

/**
 * The case's preview image (drawn by the server when the scan arrived, fetched with the caller's token once it is
 * near the screen); a neutral placeholder with the format while there is none, while it loads, or when it failed.
 */
export function PreviewThumb({ row, reduced }: { row: CaseRow; reduced: boolean }) {
  const { t } = useTranslation();
  // Fetched once the card comes near the screen (a page may list 100 cases).
  const [seen, seenRef] = useSeen<HTMLDivElement>();
  const src = useThumbnail(seen ? row.thumbnail : null);
  if (src) {
    return (
      <img
        className="case-thumb case-thumb-image"
        src={src}
        alt={t('cases.thumbnail.alt', { patient: row.patientName })}
        data-testid="case-thumb"
        data-loaded="true"
      />
    );
  }
  return (
    <div
      ref={seenRef}
      className="case-thumb"
      role="img"
      aria-label={t('cases.preview.placeholder')}
      data-testid="case-thumb"
    >
      <FileImageOutlined />
      {!reduced && row.ext && <span className="case-thumb-ext">{row.ext.toUpperCase()}</span>}
    </div>
  );
}

/** The patient: a selection box when the list has batch actions, the lock of an encrypted case, the name. */
export function PatientCell({
  row,
  reduced,
  selection,
}: {
  row: CaseRow;
  /** Custom type 2 (clinics) see no lock icon (product §6). */
  reduced: boolean;
  selection?: { selected: boolean; disabled: boolean; onChange: (selected: boolean) => void };
}) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      {selection && (
        <Checkbox
          checked={selection.selected}
          disabled={selection.disabled}
          onChange={(e) => selection.onChange(e.target.checked)}
          aria-label={t('cases.batch.select', { patient: row.patientName })}
          data-testid="case-select"
        />
      )}
      {!reduced && row.crypto === 1 && (
        <Tooltip title={t('cases.encrypted')}>
          <LockOutlined aria-label={t('cases.encrypted')} data-testid="case-lock" />
        </Tooltip>
      )}
      <Typography.Text
        strong
        ellipsis={{ tooltip: row.patientName }}
        style={{ maxWidth: 200 }}
        data-testid="case-patient"
      >
        {row.patientName}
      </Typography.Text>
    </Flex>
  );
}

export function DirectionTag({ isSend }: { isSend: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={isSend ? 'geekblue' : 'green'} style={{ marginInlineEnd: 0 }}>
      {t(isSend ? 'cases.direction.sent' : 'cases.direction.received')}
    </Tag>
  );
}

export function CaseTypeText({ caseType }: { caseType: number }) {
  const { t } = useTranslation();
  return <span style={{ whiteSpace: 'nowrap' }}>{t(caseTypeKey(caseType))}</span>;
}

export function ProcessTag({ status }: { status: number | null }) {
  const { t } = useTranslation();
  if (status === null) return <Typography.Text type="secondary">{t('cases.progress.none')}</Typography.Text>;
  return (
    <Tag color={PROCESS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(processStatusKey(status))}
    </Tag>
  );
}

export function DownloadedTag({ downloaded }: { downloaded: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={downloaded ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
      {t(downloaded ? 'cases.downloaded.yes' : 'cases.downloaded.no')}
    </Tag>
  );
}

/** A server time in local time; "–" when there is none (`--`). */
export function DateText({ value }: { value: string | null | undefined }) {
  const text = localDateTime(value);
  return <span style={{ whiteSpace: 'nowrap' }}>{text ?? '–'}</span>;
}
