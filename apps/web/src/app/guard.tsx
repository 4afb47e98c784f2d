import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router';
import { useToken } from '../shared/auth/use-token.ts';
import { useCurrentUser } from '../shared/api/current-user.ts';
import { TopProgressBar } from '../shared/ui/TopProgressBar.tsx';

/**
 * Route guard: without a session go to /login (remembering where to come back to); while the
 * current user or a page is loading, show the top progress bar.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const navigation = useNavigation();
  const user = useCurrentUser();

  if (!token) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  const busy = user.isFetching || navigation.state === 'loading';
  return (
    <>
      {busy && <TopProgressBar />}
      {children}
    </>
  );
}
