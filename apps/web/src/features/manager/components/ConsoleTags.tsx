import { Tag } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Tag colours of the certification status: 0 verified, 1 under review, 2 refused. */
export const CERTIFICATION_COLOR: Record<number, string> = { 0: 'success', 1: 'processing', 2: 'error' };

/** An organization's or an account's state: active, or disabled by the platform administrator. */
export function StateTag({ disabled, kind }: { disabled: boolean; kind: 'orgs' | 'users' }) {
  const { t } = useTranslation();
  return disabled ? (
    <Tag color="error" icon={<StopOutlined />}>
      {t(`console.${kind}.state.disabled`)}
    </Tag>
  ) : (
    <Tag color="success">{t(`console.${kind}.state.active`)}</Tag>
  );
}
