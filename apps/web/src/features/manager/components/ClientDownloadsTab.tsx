import { useEffect } from 'react';
import { Button, Card, Col, Empty, Flex, Form, Input, Result, Row, Select, Skeleton, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ClientPlatforms, type ClientDownloadInput } from '@archway/contract';
import { ApiError } from '../../../shared/request.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useClientDownloadsAdmin, useSaveClientDownloads } from '../api/client-downloads.ts';

interface Values {
  list: ClientDownloadInput[];
}

const MAX_LINKS = 20;
const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** `/manager` "Client downloads": the scanner client's installers every signed-in user finds in the top bar. */
export function ClientDownloadsTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const current = useClientDownloadsAdmin();
  const save = useSaveClientDownloads({
    onSuccess: () => toast(t('clientDownload.manager.saved'), 'success'),
    onError: (error) => {
      if (error instanceof ApiError && error.field?.startsWith('list.')) {
        const [, index, part] = error.field.split('.');
        form.setFields([
          { name: ['list', Number(index), part ?? 'url'] as never, errors: [t(error.i18nKey)] },
        ]);
        return;
      }
      if (error instanceof ApiError) toast(t(error.i18nKey, { defaultValue: error.message }));
    },
  });
  useEffect(() => {
    if (current.data) form.setFieldsValue({ list: current.data.list });
  }, [current.data, form]);

  if (current.isLoading) return <Skeleton active />;
  if (current.isError)
    return (
      <Result
        status="warning"
        subTitle={t('clientDownload.manager.loadFailed')}
        extra={<Button onClick={() => void current.refetch()}>{t('common.retry')}</Button>}
      />
    );

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is wrong
    save.mutate({
      list: (values.list ?? []).map((d) => ({
        name: d.name.trim(),
        platform: d.platform,
        version: d.version?.trim() ?? '',
        url: d.url.trim(),
        ...(d.note?.trim() ? { note: d.note.trim() } : {}),
      })),
    });
  };
  const updated = current.data?.updateTime;
  return (
    <Flex vertical gap={16} data-testid="client-downloads-admin">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('clientDownload.manager.intro')}
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" initialValues={{ list: current.data?.list ?? [] }}>
        <Form.List name="list">
          {(fields, { add, remove }) => (
            <Flex vertical gap={12}>
              {fields.length === 0 && (
                <Empty
                  description={t('clientDownload.manager.empty')}
                  data-testid="client-downloads-admin-empty"
                />
              )}
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  title={t('clientDownload.manager.link', { n: index + 1 })}
                  extra={
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t('clientDownload.manager.remove')}
                      title={t('clientDownload.manager.remove')}
                      data-testid="client-download-remove"
                    />
                  }
                  data-testid="client-download-row"
                >
                  <Row gutter={[16, 0]}>
                    <Col xs={24} md={12} xl={6}>
                      <Form.Item
                        name={[field.name, 'name']}
                        label={t('clientDownload.manager.name')}
                        rules={[
                          {
                            required: true,
                            whitespace: true,
                            message: t('clientDownload.manager.nameRequired'),
                          },
                        ]}
                      >
                        <Input maxLength={100} data-testid="client-download-name" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6} xl={4}>
                      <Form.Item
                        name={[field.name, 'platform']}
                        label={t('clientDownload.manager.platform')}
                        rules={[{ required: true, message: t('clientDownload.manager.platformRequired') }]}
                      >
                        <Select
                          options={ClientPlatforms.map((p) => ({
                            value: p,
                            label: t(`clientDownload.platform.${p}`),
                          }))}
                          data-testid="client-download-platform"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6} xl={3}>
                      <Form.Item name={[field.name, 'version']} label={t('clientDownload.manager.version')}>
                        <Input maxLength={32} data-testid="client-download-version" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12} xl={11}>
                      <Form.Item
                        name={[field.name, 'url']}
                        label={t('clientDownload.manager.url')}
                        rules={[
                          {
                            required: true,
                            whitespace: true,
                            message: t('clientDownload.manager.urlRequired'),
                          },
                          {
                            validator: (_rule, value: string | undefined) =>
                              !value?.trim() || isHttps(value.trim())
                                ? Promise.resolve()
                                : Promise.reject(new Error(t('errors.clientDownload.httpsOnly'))),
                          },
                        ]}
                      >
                        <Input
                          maxLength={2000}
                          inputMode="url"
                          placeholder={t('clientDownload.manager.urlPlaceholder')}
                          data-testid="client-download-url"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12} xl={24}>
                      <Form.Item name={[field.name, 'note']} label={t('clientDownload.manager.note')}>
                        <Input maxLength={300} data-testid="client-download-note" />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              ))}
              <Flex gap={8} wrap align="center">
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', platform: 'windows', version: '', url: '', note: '' })}
                  disabled={fields.length >= MAX_LINKS}
                  data-testid="client-download-add"
                >
                  {t('clientDownload.manager.add')}
                </Button>
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  loading={save.isPending}
                  onClick={() => void submit()}
                  data-testid="client-downloads-save"
                >
                  {t('clientDownload.manager.save')}
                </Button>
                {updated && (
                  <Typography.Text type="secondary">
                    {t('clientDownload.manager.lastSaved', {
                      time: dayjs(`${updated.replace(' ', 'T')}Z`).format('L LT'),
                    })}
                  </Typography.Text>
                )}
              </Flex>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Flex>
  );
}
