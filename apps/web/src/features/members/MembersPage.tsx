import { Badge, Button, Card, Result, Skeleton, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useCustomer } from '../../shared/api/current-user.ts';
import { useJoinRequests } from './api/get-join-requests.ts';
import { MembersTab } from './components/MembersTab.tsx';
import { InvitationsTab } from './components/InvitationsTab.tsx';
import { JoinRequestsTab } from './components/JoinRequestsTab.tsx';

/**
 * `/newAccount`: the organization's user management. Everyone sees the members; owners (the organization's
 * administrators) also invite by e-mail and answer join requests.
 */
export default function MembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const hasOrg = Boolean(user?.custId);
  // Invitations and join requests are its administrator's: the server's `actions` on the organization say who that
  // is (orgs.access), the web keeps no copy of the rule.
  const owner = useCustomer(hasOrg).data?.actions.includes('edit') ?? false;
  const requests = useJoinRequests(hasOrg && owner);

  if (!user) return <Skeleton active />;
  if (!hasOrg)
    return (
      <Result
        status="info"
        title={t('members.noOrg.title')}
        subTitle={t('members.noOrg.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/account?tab=1')}>
            {t('members.noOrg.action')}
          </Button>
        }
        data-testid="members-no-org"
      />
    );

  const left = () => window.location.assign(`${import.meta.env.BASE_URL}home`);
  return (
    <Card data-testid="members-page" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        items={[
          { key: 'members', label: t('members.tabs.members'), children: <MembersTab onLeft={left} /> },
          ...(owner
            ? [
                { key: 'invitations', label: t('members.tabs.invitations'), children: <InvitationsTab /> },
                {
                  key: 'requests',
                  label: (
                    <Badge count={requests.data?.length ?? 0} size="small" offset={[8, -2]}>
                      {t('members.tabs.requests')}
                    </Badge>
                  ),
                  children: <JoinRequestsTab />,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
