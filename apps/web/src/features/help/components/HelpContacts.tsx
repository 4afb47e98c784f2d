import { Button, Flex, Skeleton, Typography } from 'antd';
import {
  ClockCircleOutlined,
  CustomerServiceOutlined,
  MailOutlined,
  PhoneOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { storedLanguage } from '../../../shared/i18n/stored-language.ts';
import { useServiceContact } from '../api/get-service-contact.ts';

const phoneLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * How to reach a person (product §2, the help popover): in Chinese the service hotline and its working hours, in the
 * other languages support by e-mail; the numbers and addresses are the service desk's that /manager keeps
 * (pre-sales or after-sales, by the caller's organization). A desk not set yet shows no details (nobody reads an
 * empty desk). `onAsk` adds the button opening the help panel.
 */
export function HelpContacts({ onAsk }: { onAsk?: () => void }) {
  const { t } = useTranslation();
  const zh = storedLanguage().startsWith('zh');
  const { data, isLoading } = useServiceContact();
  const c = data?.contact;
  const phone = c?.phone ? (
    <Typography.Link href={phoneLink(c.phone)} data-testid="help-contact-phone">
      <PhoneOutlined /> {c.phone}
    </Typography.Link>
  ) : null;
  const email = c?.email ? (
    <Typography.Link
      href={`mailto:${c.email}`}
      style={{ wordBreak: 'break-all' }}
      data-testid="help-contact-email"
    >
      <MailOutlined /> {c.email}
    </Typography.Link>
  ) : null;
  const [first, second] = zh ? [phone, email] : [email, phone];
  if (!isLoading && !c && !onAsk) return null;

  return (
    <Flex vertical gap={6} data-testid="help-contacts" data-variant={zh ? 'zh' : 'intl'}>
      {(isLoading || c) && (
        <Typography.Text strong>
          <CustomerServiceOutlined /> {t(zh ? 'help.contact.hotline' : 'help.contact.email')}
        </Typography.Text>
      )}
      {isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : c ? (
        <>
          {first ?? second}
          {first && second}
          <Typography.Text type="secondary" data-testid="help-contact-hours">
            <ClockCircleOutlined /> {t(zh ? 'help.contact.hours' : 'help.contact.emailHours')}
          </Typography.Text>
          {c.text && (
            <Typography.Paragraph type="secondary" style={{ margin: 0, whiteSpace: 'pre-line' }}>
              {c.text}
            </Typography.Paragraph>
          )}
        </>
      ) : null}
      {onAsk && (
        <Button
          type="primary"
          icon={<QuestionCircleOutlined />}
          onClick={onAsk}
          style={{ marginTop: 4, alignSelf: 'flex-start' }}
          data-testid="help-open-widget"
        >
          {t('help.contact.ask')}
        </Button>
      )}
    </Flex>
  );
}
