import { Skeleton } from 'antd';

/** The organization: create, edit, certification (tab index 1 of `/account`). */
export function OrganizationTab() {
  return <Skeleton />;
}
