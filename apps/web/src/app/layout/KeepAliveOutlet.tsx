import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import { isRouteHandle } from '../route-table.ts';

/**
 * Renders the current page; pages whose route is kept alive stay mounted but hidden
 * (React's `<Activity mode="hidden">`) after you leave, so their state is there when you return.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
  const keepAlive = handle?.route.keepAlive ?? false;

  const [cache, setCache] = useState<ReadonlyMap<string, ReactNode>>(new Map());
  if (keepAlive && outlet && !cache.has(pathname)) {
    setCache(new Map(cache).set(pathname, outlet));
  }

  return (
    <>
      {[...cache].map(([path, element]) => (
        <Activity key={path} mode={path === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {!keepAlive && outlet}
    </>
  );
}
