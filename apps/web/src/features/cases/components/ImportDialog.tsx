import { useEffect, useRef, useState } from 'react';
import {
  App,
  Alert,
  Button,
  Checkbox,
  Col,
  Collapse,
  DatePicker,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Radio,
  Row,
  Select,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useUploadDevices } from '../api/get-upload-devices.ts';
import { useImportCase } from '../api/upload-case.ts';
import { useReceiverForms } from '../api/get-receiver-forms.ts';
import { ApiError } from '../../../shared/request.ts';
import { useCurrentUser, useCustomer } from '../../../shared/api/current-user.ts';
import { readLocal, writeLocal } from '../../../shared/storage-keys.ts';
import { orderValuesOf, promptKey } from '../../../shared/order-form/values.ts';
import { ORDER_FIELDS, OrderFormFields, formSections } from './OrderFormFields.tsx';
import { translateOr } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { CASE_TYPES, caseTypeKey } from '../utils/filters.ts';
import { CustType } from '@archway/contract';
import { FileRefusal } from '../utils/stream.ts';
import {
  FDI_TEETH,
  IMPORT_ACCEPT,
  isScanFileName,
  orderOf,
  type ImportFormValues,
} from '../utils/import-form.ts';
import {
  importChoicesKey,
  knownPartiesOf,
  orderPrefillOf,
  parseImportChoices,
  rememberedValuesOf,
  type ImportChoices,
} from '../utils/import-choices.ts';

interface FormValues extends Omit<ImportFormValues, 'dueDate'> {
  dueDate?: Dayjs | null;
  device?: string;
  /** The receiving labs' order-form fields, by field name. */
  [ORDER_FIELDS]?: Record<string, unknown>;
}

/** Encrypting devices (encryptType 2) send encrypted files, which only the scanner makes. */
const ENCRYPTING = 2;

/**
 * Import a case from scan files (PLY, STL, OBJ) with its order fields (`caseOrder`), sent with one of the caller's
 * plain devices (its receivers get the case): the files go up through tus with a progress bar, then one call makes
 * the case.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const devices = useUploadDevices();
  const chosenDevice = Form.useWatch('device', form);
  const chosenType = Form.useWatch('caseType', form) as number | undefined;
  const receiverForms = useReceiverForms(chosenDevice, chosenType);
  // Each field name once across the labs' forms, as the import shows them and the server reads them.
  const formFields = formSections(receiverForms.data ?? []).flatMap((section) => section.fields);
  const fileNames = files.map((f) => f.name);
  const { modal } = App.useApp();
  const { data: user } = useCurrentUser();
  const isClinic = user?.custType === CustType.clinic;
  const org = useCustomer(Boolean(user?.custId) && isClinic);
  // The person's last choices (never the patient's): read once the person is known.
  const [last, setLast] = useState<ImportChoices | null>(null);
  if (user && last === null) setLast(parseImportChoices(readLocal(importChoicesKey(user.userId))));

  // Prefill what is known, once: the last device (or the only one), case type, doctor and clinic.
  const prefilled = useRef(false);
  const orgSettled = !isClinic || !org.isLoading;
  useEffect(() => {
    if (prefilled.current || !user || !last || !devices.data || !orgSettled) return;
    prefilled.current = true;
    const usable = devices.data.filter((d) => d.encryptType !== ENCRYPTING);
    const device =
      usable.find((d) => d.number === last.device)?.number ??
      (usable.length === 1 ? usable[0]?.number : undefined);
    const parties = knownPartiesOf(user, org.data, last);
    const values: Partial<FormValues> = {};
    if (device && !form.getFieldValue('device')) values.device = device;
    if (
      last.caseType &&
      (CASE_TYPES as readonly number[]).includes(last.caseType) &&
      !form.getFieldValue('caseType')
    )
      values.caseType = last.caseType;
    if (parties.doctor && !form.getFieldValue('doctor')) values.doctor = parties.doctor;
    if (parties.clinic && !form.getFieldValue('clinic')) values.clinic = parties.clinic;
    form.setFieldsValue(values);
  }, [user, last, devices.data, org.data, orgSettled, form]);

  // The labs' fields, once per device and case type: the remembered choices still offered, doctor and clinic.
  const orderPrefilled = useRef('');
  useEffect(() => {
    const forms = receiverForms.data;
    if (!forms || !chosenDevice || !chosenType) return;
    const key = `${chosenDevice}:${chosenType}`;
    if (orderPrefilled.current === key) return;
    orderPrefilled.current = key;
    const fields = formSections(forms).flatMap((section) => section.fields);
    const prefill = orderPrefillOf(fields, last?.orderFields, {
      doctor: form.getFieldValue('doctor') as string | undefined,
      clinic: form.getFieldValue('clinic') as string | undefined,
    });
    const current = (form.getFieldValue(ORDER_FIELDS) ?? {}) as Record<string, unknown>;
    const fill = Object.fromEntries(
      Object.entries(prefill).filter(([name]) => current[name] === undefined || current[name] === ''),
    );
    if (Object.keys(fill).length) form.setFieldsValue({ [ORDER_FIELDS]: { ...current, ...fill } });
  }, [receiverForms.data, chosenDevice, chosenType, last, form]);

  const upload = useImportCase({
    onSuccess: (_case, sent) => {
      // Remembered for this person's next import: never the patient's name or anything about the patient.
      if (user) {
        const choices: ImportChoices = {
          device: sent.device,
          caseType: sent.order.caseType,
          ...(sent.order.doctor ? { doctor: sent.order.doctor } : {}),
          ...(sent.order.clinic ? { clinic: sent.order.clinic } : {}),
          orderFields: rememberedValuesOf(formFields, sent.orderFields ?? {}),
        };
        writeLocal(importChoicesKey(user.userId), JSON.stringify(choices));
      }
      toast(t('cases.import.done'), 'success');
      onClose();
    },
    onError: (error) => {
      setPercent(null);
      // A refused order-form value (orderForm.fieldRequired / fieldInvalid) is marked at its field.
      if (error instanceof ApiError && error.field && error.i18nKey.startsWith('errors.orderForm.field')) {
        const field = formFields.find((f) => f.name.toLowerCase() === error.field?.toLowerCase());
        const name = [ORDER_FIELDS, field?.name ?? error.field];
        form.setFields([
          {
            name,
            errors: [
              field && error.i18nKey === 'errors.orderForm.fieldRequired'
                ? t(promptKey(field.type), { name: field.name })
                : translateOr(error.i18nKey, error.message),
            ],
          },
        ]);
        form.scrollToField(name);
      }
      // The request layer has shown refusals of its own calls; a tus refusal is shown here.
      if (error instanceof FileRefusal)
        toast(
          translateOr(
            `errors.${error.key ?? 'case.uploadFailed'}`,
            translateOr('errors.case.uploadFailed', error.message),
          ),
        );
    },
  });
  const busy = upload.isPending;

  const submit = async () => {
    const values = await form
      .validateFields()
      .catch((info: { errorFields?: { name: (string | number)[] }[] }) => {
        // The first field that needs something is brought into view (the body scrolls under a fixed footer).
        const first = info.errorFields?.[0]?.name;
        if (first) form.scrollToField(first, { block: 'center' });
        return null;
      });
    const chosen = files.flatMap((f) => (f.originFileObj ? [f.originFileObj as File] : []));
    if (chosen.length === 0) setFileError(t('cases.import.filesRequired'));
    if (!values || chosen.length === 0) return;
    const { device, [ORDER_FIELDS]: orderFields, ...rest } = values;
    const result = orderOf({
      ...rest,
      dueDate: rest.dueDate ? rest.dueDate.format('YYYY-MM-DD') : undefined,
    });
    if ('fields' in result) {
      form.setFields(
        result.fields.map((name) => ({
          name: name as keyof FormValues,
          errors: [t('cases.import.invalid')],
        })),
      );
      return;
    }
    setPercent(0);
    upload.mutate({
      device: device ?? '',
      order: result.order,
      orderFields: formFields.length ? orderValuesOf(formFields, orderFields) : undefined,
      files: chosen,
      onProgress: setPercent,
    });
  };

  const close = () => {
    if (!busy) return onClose();
    // Leaving while files go up loses the upload.
    modal.confirm({
      title: t('cases.import.leaveTitle'),
      content: t('cases.import.leaveBody'),
      okText: t('common.close'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  /** The schema's verdict on the whole order, shown at the fields it names. */
  const checkOrder = () => {
    const values = form.getFieldsValue(true) as FormValues;
    const result = orderOf({
      ...values,
      dueDate: values.dueDate ? values.dueDate.format('YYYY-MM-DD') : undefined,
    });
    if (!('fields' in result)) return;
    // Missing required fields are the form rules' to say, once touched.
    const wrong = result.fields.filter(
      (name) => name !== 'patientName' && name !== 'caseType' && form.isFieldTouched(name),
    );
    form.setFields(
      wrong.map((name) => ({ name: name as keyof FormValues, errors: [t('cases.import.invalid')] })),
    );
  };

  const text = (
    name: keyof FormValues,
    max: number,
    label: string,
    { area = false }: { area?: boolean } = {},
  ) => (
    <Form.Item
      name={name}
      label={label}
      rules={[{ max, message: t('cases.import.tooLong', { count: max }) }]}
    >
      {area ? <Input.TextArea rows={2} maxLength={max} allowClear /> : <Input maxLength={max} allowClear />}
    </Form.Item>
  );

  const orderProps = {
    forms: receiverForms.data,
    loading: receiverForms.isLoading,
    failed: receiverForms.isError,
    fileNames,
  };

  return (
    <Modal
      open
      centered
      title={t('cases.import.title')}
      onCancel={close}
      destroyOnHidden
      maskClosable={!busy}
      width={720}
      // The body scrolls between the title and the footer, so Import and the upload's progress stay in view.
      styles={{ body: { maxHeight: 'calc(100dvh - 180px)', overflowY: 'auto', overflowX: 'hidden' } }}
      footer={
        <Flex gap={8} justify="flex-end" align="center" wrap data-testid="import-footer">
          {percent !== null && (
            <Progress
              percent={percent}
              status={busy ? 'active' : undefined}
              data-testid="import-progress"
              aria-label={t('cases.import.progress')}
              style={{ flex: '1 1 140px', margin: 0, minWidth: 120 }}
            />
          )}
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="import-submit">
            {t('cases.import.submit')}
          </Button>
        </Flex>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="caseImport"
        onValuesChange={checkOrder}
        initialValues={{ upperJaw: false, lowerJaw: false }}
        disabled={busy}
      >
        {devices.data && devices.data.length === 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('cases.import.noDevice')}
            data-testid="import-no-device"
            style={{ marginBottom: 12 }}
          />
        )}
        {/* What the case needs: who gets it, its type, the receiver's required fields, the patient and the files. */}
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <Form.Item
              name="device"
              label={t('cases.import.device')}
              extra={t('cases.import.deviceHint')}
              rules={[{ required: true, message: t('cases.import.deviceRequired') }]}
            >
              <Select
                loading={devices.isLoading}
                placeholder={t('cases.import.choose')}
                data-testid="import-device"
                options={(devices.data ?? []).map((d) => ({
                  value: d.number,
                  disabled: d.encryptType === ENCRYPTING,
                  label:
                    d.encryptType === ENCRYPTING
                      ? t('cases.import.encryptedDevice', { name: `${d.name} (${d.number})` })
                      : `${d.name} (${d.number})`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item
              name="caseType"
              label={t('cases.columns.caseType')}
              rules={[{ required: true, message: t('cases.import.caseTypeRequired') }]}
            >
              <Select
                options={CASE_TYPES.map((code) => ({ value: code, label: t(caseTypeKey(code)) }))}
                placeholder={t('cases.import.choose')}
              />
            </Form.Item>
          </Col>
        </Row>
        <div style={{ marginBottom: 12 }}>
          <OrderFormFields {...orderProps} part="required" />
        </div>
        <Form.Item
          name="patientName"
          label={t('cases.columns.patient')}
          rules={[
            { required: true, whitespace: true, message: t('cases.import.patientRequired') },
            { max: 100, message: t('cases.import.tooLong', { count: 100 }) },
          ]}
        >
          <Input maxLength={100} allowClear />
        </Form.Item>
        <Form.Item label={t('cases.import.files')} required style={{ marginBottom: 12 }}>
          <Upload.Dragger
            multiple
            accept={IMPORT_ACCEPT}
            fileList={files}
            beforeUpload={(file) => {
              if (!isScanFileName(file.name)) {
                setFileError(t('errors.case.badFile'));
                return Upload.LIST_IGNORE;
              }
              setFileError(null);
              return false; // Kept here until the upload is built.
            }}
            onChange={({ fileList }) => {
              setFiles(fileList);
              if (fileList.length > 0) setFileError(null);
            }}
            disabled={busy}
            data-testid="import-files"
          >
            <p className="ant-upload-drag-icon" style={{ marginBottom: 8 }}>
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('cases.import.drop')}</p>
            <p className="ant-upload-hint">{t('cases.import.dropHint')}</p>
          </Upload.Dragger>
        </Form.Item>
        {fileError && (
          <Alert
            type="error"
            showIcon
            title={fileError}
            data-testid="import-file-error"
            style={{ marginBottom: 12 }}
          />
        )}
        {/* The rest is optional; doctor and clinic come filled from the organization or the last import. */}
        <Divider titlePlacement="start" style={{ marginBlock: 12 }}>
          <Typography.Text type="secondary">{t('cases.import.optional')}</Typography.Text>
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            {text('doctor', 100, t('cases.detail.doctor'))}
          </Col>
          <Col xs={24} sm={12}>
            {text('clinic', 200, t('cases.detail.clinic'))}
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="sex" label={t('cases.detail.sex')}>
              <Radio.Group
                options={[
                  { value: 'male', label: t('cases.detail.male') },
                  { value: 'female', label: t('cases.detail.female') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="age" label={t('cases.detail.age')}>
              <InputNumber min={0} max={150} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="dueDate" label={t('cases.detail.dueDate')}>
              <DatePicker style={{ width: '100%' }} inputReadOnly />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('cases.detail.phone')}
              rules={[
                { max: 40, message: t('cases.import.tooLong', { count: 40 }) },
                { pattern: /^[0-9+()\-\s]*$/, message: t('cases.import.phoneInvalid') },
              ]}
            >
              <Input maxLength={40} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="teeth" label={t('cases.detail.teeth')}>
              <Select
                mode="multiple"
                allowClear
                maxCount={52}
                placeholder={t('cases.import.teethHint')}
                options={FDI_TEETH.map((n) => ({ value: n, label: String(n) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('cases.detail.jaws')} style={{ marginBottom: 12 }}>
              <Flex gap={16} wrap>
                <Form.Item name="upperJaw" valuePropName="checked" noStyle>
                  <Checkbox>{t('cases.detail.upperJaw')}</Checkbox>
                </Form.Item>
                <Form.Item name="lowerJaw" valuePropName="checked" noStyle>
                  <Checkbox>{t('cases.detail.lowerJaw')}</Checkbox>
                </Form.Item>
              </Flex>
            </Form.Item>
          </Col>
          <Col xs={24}>{text('remark', 2000, t('cases.detail.remark'), { area: true })}</Col>
        </Row>
        <OrderFormFields {...orderProps} part="optional" />
        <Collapse
          ghost
          size="small"
          items={[
            {
              key: 'more',
              label: t('cases.import.more'),
              forceRender: true,
              children: (
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    {text('material', 100, t('cases.detail.material'))}
                  </Col>
                  <Col xs={24} sm={12}>
                    {text('toothColor', 40, t('cases.detail.toothColor'))}
                  </Col>
                  <Col xs={24} sm={12}>
                    {text('implantType', 100, t('cases.detail.implantType'))}
                  </Col>
                  <Col xs={24} sm={12}>
                    {text('restorationType', 100, t('cases.detail.restorationType'))}
                  </Col>
                  <Col xs={24} sm={12}>
                    {text('softwareVersion', 40, t('cases.detail.softwareVersion'))}
                  </Col>
                  <Col xs={24}>
                    {text('designRequirement', 2000, t('cases.detail.designRequirement'), { area: true })}
                  </Col>
                </Row>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
