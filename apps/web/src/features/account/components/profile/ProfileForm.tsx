import { useEffect } from 'react';
import { Button, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERSON_NAME_MAX, Username, type CurrentUser, type UpdateProfileBody } from '@archway/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import { useUpdateProfile } from '../../api/profile-update.ts';
import { refusalKey, refusalText } from './refusal.ts';

type Values = Required<UpdateProfileBody>;

/** Username, the person's name (the home greets by it) and address; a taken or malformed username is shown at the field. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const update = useUpdateProfile();
  const initial: Values = {
    username: user.username,
    name: user.name ?? '',
    country: user.country ?? '',
    region: user.region ?? '',
    city: user.city ?? '',
    street: user.street ?? '',
  };
  useEffect(() => {
    form.setFieldsValue(initial);
    // Reset when the stored profile changes (after a save or another tab's change).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.username, user.name, user.country, user.region, user.city, user.street]);

  const save = (values: Values) =>
    update.mutate(values, {
      onSuccess: () => toast(t('profile.info.saved'), 'success'),
      onError: (error) => {
        const key = refusalKey(error);
        if (key?.startsWith('profileUsername.') && key !== 'profileUsername.invalidUser')
          form.setFields([
            { name: 'username', errors: [refusalText(error, t, 'errors.profileUsername.failed')] },
          ]);
        else toast(refusalText(error, t, 'errors.profileUsername.failed'));
      },
    });

  const text = (name: keyof Values, max: number) => (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={t(`profile.info.${name}`)} rules={[{ max }]}>
        <Input allowClear maxLength={max} />
      </Form.Item>
    </Col>
  );

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={save} data-testid="profile-form">
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="username"
            label={t('profile.info.username')}
            extra={t('profile.info.usernameRule')}
            rules={[
              { required: true, whitespace: true, message: t('profile.info.usernameRule') },
              { min: Username.min, max: Username.max, message: t('profile.info.usernameRule') },
              { pattern: Username.pattern, message: t('profile.info.usernameRule') },
            ]}
          >
            <Input maxLength={Username.max} autoComplete="username" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('profile.info.name')}
            extra={t('profile.info.nameHint')}
            rules={[{ max: PERSON_NAME_MAX }]}
          >
            <Input allowClear maxLength={PERSON_NAME_MAX} autoComplete="name" data-testid="profile-name" />
          </Form.Item>
        </Col>
        {text('country', 60)}
        {text('region', 60)}
        {text('city', 60)}
        <Col xs={24}>
          <Form.Item name="street" label={t('profile.info.street')} rules={[{ max: 200 }]}>
            <Input allowClear maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
        {t('profile.info.save')}
      </Button>
    </Form>
  );
}
