import { useState } from 'react';
import { Button, Popover } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isSpecialBrand } from '../../../shared/brand.ts';
import { openHelp } from '../help-store.ts';
import { HelpContacts } from './HelpContacts.tsx';

/**
 * The top bar's help popover (product §2): the contact text for zh or the other languages and a button opening the
 * help panel. Special branded builds show none (product §6).
 */
export function HelpPopover() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (isSpecialBrand()) return null;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('help.title')}
      content={
        <div style={{ width: 300, maxWidth: 'calc(100vw - 32px)' }} data-testid="help-popover">
          <HelpContacts
            onAsk={() => {
              setOpen(false);
              openHelp();
            }}
          />
        </div>
      }
      destroyOnHidden
    >
      <Button
        type="text"
        icon={<QuestionCircleOutlined />}
        aria-label={t('help.title')}
        title={t('help.title')}
        data-testid="help-popover-button"
      />
    </Popover>
  );
}
