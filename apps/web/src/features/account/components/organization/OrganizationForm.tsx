import { Col, Form, Input, Radio, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustType, OrgName, type Attachment } from '@archway/contract';
import { LicenceUpload } from './LicenceUpload.tsx';

export interface OrgFormValues {
  name: string;
  custType: number;
  contact: string;
  phone: string;
  creditCode: string;
  email?: string;
  country?: string;
  region?: string;
  city?: string;
  street?: string;
  address?: string;
  memo?: string;
  licence?: Attachment | null;
}

/** The form's fields a server refusal may name. */
export const ORG_FORM_FIELDS = ['name', 'custType', 'contact', 'phone', 'creditCode', 'email', 'licenseFile'];

/**
 * Every field of an organization (product §3/§5): name, type, responsible person, phone and unified credit code
 * required; the rest optional. `mode` 'create' adds the licence; 'edit' keeps the type fixed.
 */
export function OrganizationForm({
  form,
  mode,
  initialValues,
}: {
  form: FormInstance<OrgFormValues>;
  mode: 'create' | 'edit';
  initialValues?: Partial<OrgFormValues>;
}) {
  const { t } = useTranslation();
  const required = (key: string) => [{ required: true, whitespace: true, message: t(key) }];
  const half = { xs: 24, md: 12 };
  return (
    <Form<OrgFormValues>
      form={form}
      layout="vertical"
      initialValues={{ custType: CustType.clinic, ...initialValues }}
      requiredMark
      data-testid={`org-form-${mode}`}
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="name"
            label={t('organization.fields.name')}
            rules={[
              ...required('organization.rules.name'),
              { max: OrgName.max, message: t('organization.rules.nameLength', { count: OrgName.max }) },
            ]}
          >
            <Input maxLength={OrgName.max} allowClear data-testid="org-name-input" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="custType" label={t('organization.fields.type')} rules={[{ required: true }]}>
            <Radio.Group disabled={mode === 'edit'} data-testid="org-type">
              <Radio value={CustType.clinic}>{t('organization.type.2')}</Radio>
              <Radio value={CustType.lab}>{t('organization.type.3')}</Radio>
              <Radio value={CustType.distributor}>{t('organization.type.4')}</Radio>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="contact"
            label={t('organization.fields.contact')}
            rules={required('organization.rules.contact')}
          >
            <Input maxLength={100} allowClear data-testid="org-contact" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="phone"
            label={t('organization.fields.phone')}
            rules={required('organization.rules.phone')}
          >
            <Input maxLength={40} allowClear data-testid="org-phone" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="creditCode"
            label={t('organization.fields.creditCode')}
            rules={required('organization.rules.creditCode')}
          >
            <Input maxLength={64} allowClear data-testid="org-credit" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="email"
            label={t('organization.fields.email')}
            rules={[{ type: 'email', message: t('organization.rules.email') }]}
          >
            <Input maxLength={254} allowClear data-testid="org-email" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="country" label={t('organization.fields.country')}>
            <Input maxLength={60} allowClear />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="region" label={t('organization.fields.region')}>
            <Input maxLength={60} allowClear />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="city" label={t('organization.fields.city')}>
            <Input maxLength={100} allowClear />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="street" label={t('organization.fields.street')}>
            <Input maxLength={200} allowClear />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('organization.fields.address')}>
            <Input maxLength={300} allowClear />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="memo" label={t('organization.fields.memo')}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Col>
        {mode === 'create' && (
          <Col span={24}>
            <Form.Item
              name="licence"
              label={t('organization.fields.licence')}
              rules={[{ required: true, message: t('organization.rules.licence') }]}
            >
              <LicenceUpload />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  );
}

const clean = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/** The form's values as the call's body (empty optional fields left out on create, cleared on edit). */
export function orgBody(values: OrgFormValues, mode: 'create' | 'edit') {
  const optional = (v: string | undefined) => (mode === 'create' ? clean(v) : (clean(v) ?? null));
  return {
    name: values.name.trim(),
    contact: values.contact.trim(),
    phone: values.phone.trim(),
    creditCode: values.creditCode.trim(),
    email: optional(values.email),
    country: optional(values.country),
    region: optional(values.region),
    city: optional(values.city),
    street: optional(values.street),
    address: optional(values.address),
    memo: optional(values.memo),
  };
}
