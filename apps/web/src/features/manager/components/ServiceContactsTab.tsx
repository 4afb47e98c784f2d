import { useEffect } from 'react';
import { Button, Col, Flex, Form, Input, Result, Row, Skeleton, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import type { ServiceContacts } from '@archway/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useSaveServiceContacts, useServiceContacts } from '../api/service-contacts.ts';

type Desk = keyof ServiceContacts;
const DESKS: Desk[] = ['preSales', 'afterSales'];

/** `/manager` "Service contacts": the pre-sales and after-sales details every bell shows. */
export function ServiceContactsTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ServiceContacts>();
  const current = useServiceContacts();
  const save = useSaveServiceContacts({ onSuccess: () => toast(t('notices.manager.saved'), 'success') });
  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);

  if (current.isLoading) return <Skeleton active />;
  if (current.isError)
    return (
      <Result
        status="warning"
        subTitle={t('notices.manager.loadFailed')}
        extra={<Button onClick={() => void current.refetch()}>{t('common.retry')}</Button>}
      />
    );

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is wrong
    save.mutate(values);
  };
  return (
    <Flex vertical gap={16} data-testid="service-contacts">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('notices.manager.intro')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={current.data}>
        <Row gutter={[24, 0]}>
          {DESKS.map((desk) => (
            <Col xs={24} md={12} key={desk}>
              <Typography.Title level={5}>{t(`notices.service.${desk}`)}</Typography.Title>
              <Form.Item name={[desk, 'text']} label={t('notices.manager.text')}>
                <Input.TextArea
                  maxLength={500}
                  showCount
                  autoSize={{ minRows: 2, maxRows: 5 }}
                  data-testid={`${desk}-text`}
                />
              </Form.Item>
              <Form.Item name={[desk, 'phone']} label={t('notices.manager.phone')}>
                <Input maxLength={40} data-testid={`${desk}-phone`} />
              </Form.Item>
              <Form.Item
                name={[desk, 'email']}
                label={t('notices.manager.email')}
                rules={[{ type: 'email', message: t('notices.manager.invalidEmail') }]}
              >
                <Input maxLength={200} inputMode="email" data-testid={`${desk}-email`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="service-contacts-save"
        >
          {t('notices.manager.save')}
        </Button>
      </Form>
    </Flex>
  );
}
