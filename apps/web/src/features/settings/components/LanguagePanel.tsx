import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '@archway/contract';
import { languageDefs } from '../../../shared/i18n/languages.ts';
import { storedLanguage } from '../../../shared/i18n/stored-language.ts';
import { changeLanguage } from '../../../shared/i18n/change-language.ts';

/** The 15 languages, each in its own name; a choice is stored and the page reloads. */
export function LanguagePanel() {
  const { t } = useTranslation();
  const current = storedLanguage();
  const [pending, setPending] = useState<Language | null>(null);
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('settings.languageHint')}</Typography.Text>
      <Flex wrap gap={12} data-testid="language-list">
        {languageDefs.map((def) => (
          <Button
            key={def.code}
            lang={def.htmlLang}
            type={def.code === current ? 'primary' : 'default'}
            icon={def.code === current ? <CheckOutlined /> : undefined}
            loading={pending === def.code}
            disabled={pending !== null && pending !== def.code}
            style={{ minWidth: 150 }}
            onClick={() => {
              if (def.code === current) return;
              setPending(def.code);
              void changeLanguage(def.code);
            }}
          >
            {def.nativeName}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
