import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isValidPhone, PHONE_CODE, type CurrentUser } from '@archway/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import { useChangePhone } from '../../api/profile-change-phone.ts';
import { useSendPhoneCode } from '../../api/profile-phone-code.ts';
import { refusalKey, refusalText } from './refusal.ts';

type Values = { phone: string; code: string };

/** Seconds left until `until` (a timestamp), ticking every second; 0 when over. */
function useCountdown(until: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/**
 * The new number, a six-digit code sent to it by text message (re-sent after a 60 s countdown), then both confirm the
 * change. Neither may be empty.
 */
export function ChangePhoneDialog({
  user,
  open,
  onClose,
}: {
  user: CurrentUser;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [until, setUntil] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const seconds = useCountdown(until);
  const send = useSendPhoneCode();
  const change = useChangePhone();
  const close = () => {
    form.resetFields();
    setSentTo(null);
    onClose();
  };
  const fieldError = (error: unknown, fallback: string) => {
    const key = refusalKey(error) ?? '';
    const text = refusalText(error, t, fallback);
    if (['profilePhone.invalid', 'profilePhone.registered'].includes(key))
      form.setFields([{ name: 'phone', errors: [text] }]);
    else if (['profilePhone.wrongCode', 'profilePhone.tooManyTries'].includes(key))
      form.setFields([{ name: 'code', errors: [text] }]);
    else toast(text);
  };

  const sendCode = async () => {
    const { phone } = await form.validateFields(['phone']);
    send.mutate(phone.trim(), {
      onSuccess: (r) => {
        setUntil(Date.now() + r.resendAfter * 1000);
        setSentTo(phone.trim());
      },
      onError: (error) => {
        // Asked again too early (another tab, a reload): the countdown starts here too.
        if (refusalKey(error) === 'profilePhone.tooSoon')
          setUntil(Date.now() + PHONE_CODE.resendSeconds * 1000);
        fieldError(error, 'errors.profilePhone.failed');
      },
    });
  };
  const submit = (values: Values) =>
    change.mutate(
      { phone: values.phone.trim(), code: values.code.trim() },
      {
        onSuccess: () => {
          toast(t('profile.phone.done'), 'success');
          close();
        },
        onError: (error) => fieldError(error, 'errors.profilePhone.failed'),
      },
    );

  return (
    <Modal
      open={open}
      title={t('profile.phone.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('profile.phone.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: change.isPending, 'data-testid': 'phone-submit' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ phone: user.phone ?? '', code: '' }}
      >
        <Form.Item
          name="phone"
          label={t('profile.phone.number')}
          rules={[
            { required: true, whitespace: true, message: t('profile.phone.numberRequired') },
            {
              validator: (_, value: string) =>
                !value || isValidPhone(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('errors.profilePhone.invalid'))),
            },
          ]}
        >
          <Input type="tel" autoComplete="tel" maxLength={32} data-testid="phone-input" />
        </Form.Item>
        <Form.Item label={t('profile.phone.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, whitespace: true, message: t('profile.phone.codeRequired') },
                { pattern: /^\d{6}$/, message: t('profile.phone.codeRule') },
              ]}
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                data-testid="phone-code"
              />
            </Form.Item>
            <Button
              onClick={() => void sendCode().catch(() => undefined)}
              disabled={seconds > 0}
              loading={send.isPending}
              data-testid="phone-send"
            >
              {seconds > 0
                ? t('profile.phone.resendIn', { seconds })
                : sentTo
                  ? t('profile.phone.resend')
                  : t('profile.phone.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {sentTo && (
          <Alert
            type="success"
            showIcon
            title={t('profile.phone.sent', { phone: sentTo, count: PHONE_CODE.ttlSeconds / 60 })}
            data-testid="phone-sent"
          />
        )}
      </Form>
    </Modal>
  );
}
