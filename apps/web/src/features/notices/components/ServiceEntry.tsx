import { Divider, Flex, Skeleton, Typography } from 'antd';
import { CustomerServiceOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useServiceContact } from '../api/get-service-contact.ts';

/**
 * The bell's service entry: pre-sales or after-sales for the caller's organization, with the desk's details; nothing
 * while the administrator has not set that desk (the server answers no contact), so nobody reads an empty desk.
 */
export function ServiceEntry({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useServiceContact(enabled);
  if (isLoading) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  if (isError || !data?.contact) return null;
  const c = data.contact;
  return (
    <Flex vertical gap={4} data-testid="service-entry" data-desk={data.desk}>
      <Divider style={{ margin: '4px 0' }} />
      <Typography.Text strong>
        <CustomerServiceOutlined /> {t(`notices.service.${data.desk}`)}
      </Typography.Text>
      {c.text && (
        <Typography.Paragraph type="secondary" style={{ margin: 0, whiteSpace: 'pre-line' }}>
          {c.text}
        </Typography.Paragraph>
      )}
      <Flex wrap gap="4px 16px">
        {c.phone && (
          <Typography.Link href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>
            <PhoneOutlined /> {c.phone}
          </Typography.Link>
        )}
        {c.email && (
          <Typography.Link href={`mailto:${c.email}`} style={{ wordBreak: 'break-all' }}>
            <MailOutlined /> {c.email}
          </Typography.Link>
        )}
      </Flex>
    </Flex>
  );
}
