import { Tag } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MemberRole } from '@archway/contract';

/** A member's role: the organization's administrator (owner) or a member. */
export function RoleTag({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  return role === 'owner' ? (
    <Tag color="gold" icon={<CrownOutlined />}>
      {t('members.role.owner')}
    </Tag>
  ) : (
    <Tag>{t('members.role.member')}</Tag>
  );
}
