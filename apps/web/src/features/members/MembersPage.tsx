import { Skeleton } from 'antd';

/** `/newAccount`: the organization's user management (members, invitations, join requests). */
export default function MembersPage() {
  return <Skeleton />;
}
