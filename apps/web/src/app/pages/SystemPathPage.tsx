import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setSystem, splitSystemPath } from '../../shared/system.ts';
import { FullPageSpin } from '../../shared/ui/FullPageSpin.tsx';

/** `/first/...` or `/second/...`: switch system and theme, then go on through `/redirect/...`. */
export function SystemPathPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const split = splitSystemPath(pathname);
    if (split) setSystem(split.system);
    navigate(`/redirect/${split?.rest ?? ''}${search}`, { replace: true });
  }, [pathname, search, navigate]);
  return <FullPageSpin />;
}
