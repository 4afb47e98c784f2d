import type { ReactNode } from 'react';
import { Card, Flex, Select, Typography, theme } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../shared/i18n/change-language.ts';
import { isLanguage, languageDefs } from '../../../shared/i18n/languages.ts';
import { storedLanguage } from '../../../shared/i18n/stored-language.ts';
import { Logo } from '../../../shared/ui/Logo.tsx';

/**
 * The frame of the pages before sign-in (sign-in, registration, password reset, e-mail confirmation): the brand
 * gradient, one card with the logo and `title`, and the language picker at its foot.
 */
export function AuthCard({
  title,
  testId,
  children,
}: {
  title?: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 24,
        background: `linear-gradient(140deg, ${token.colorPrimary} 0%, ${token.colorPrimaryBgHover} 55%, ${token.colorBgLayout} 100%)`,
      }}
    >
      <Card
        style={{ width: '100%', maxWidth: 400, boxShadow: token.boxShadowSecondary }}
        data-testid={testId}
      >
        <Flex vertical gap={8} style={{ marginBottom: 24 }}>
          <Logo color={token.colorPrimary} size={36} />
          {title ? (
            <Typography.Title level={4} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
          ) : (
            <Typography.Text type="secondary">{t('signIn.subtitle')}</Typography.Text>
          )}
        </Flex>
        {children}
        <Flex justify="flex-end" style={{ marginTop: 24 }}>
          <Select
            variant="borderless"
            size="small"
            prefix={<GlobalOutlined />}
            value={storedLanguage()}
            aria-label={t('settings.language')}
            popupMatchSelectWidth={false}
            options={languageDefs.map((def) => ({ value: def.code, label: def.nativeName }))}
            onChange={(code: string) => isLanguage(code) && void changeLanguage(code)}
          />
        </Flex>
      </Card>
    </Flex>
  );
}
