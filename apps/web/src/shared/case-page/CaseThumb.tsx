import { FileImageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSeen } from '../ui/use-seen.ts';
import { useThumbnail } from './case-thumbnail.ts';
import './case-thumb.css';

/**
 * The case's preview image (drawn by the server when the scan arrived, fetched with the caller's token once it is
 * near the screen); a neutral placeholder with the format while there is none, while it loads, or when it failed.
 * The case lists' cards and rows and the home's latest cases show it.
 */
export function CaseThumb({
  thumbnail,
  ext,
  patientName,
  reduced = false,
}: {
  thumbnail: string | null;
  ext: string | null;
  patientName: string;
  /** Without the format's label (a small row). */
  reduced?: boolean;
}) {
  const { t } = useTranslation();
  // Fetched once the card comes near the screen (a page may list 100 cases).
  const [seen, seenRef] = useSeen<HTMLDivElement>();
  const src = useThumbnail(seen ? thumbnail : null);
  if (src) {
    return (
      <img
        className="case-thumb case-thumb-image"
        src={src}
        alt={t('cases.thumbnail.alt', { patient: patientName })}
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
      {!reduced && ext && <span className="case-thumb-ext">{ext.toUpperCase()}</span>}
    </div>
  );
}
