import { Button } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openUpdateNotes } from '../update-notes-store.ts';

/** The top bar's update-notes icon (product §2): opens the update dialog at any time. */
export function UpdateNotesButton() {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      icon={<RocketOutlined />}
      onClick={openUpdateNotes}
      aria-label={t('updates.open')}
      title={t('updates.open')}
      data-testid="open-update-notes"
    />
  );
}
