import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/{path*}`: a helper that lands on `/{path}` (used when switching system). */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest || 'home'}${search}${hash}`} replace />;
}
