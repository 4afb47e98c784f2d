import { Activity, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import { isRouteHandle } from '../route-table.ts';

/**
 * Renders the current page; pages whose route is kept alive stay mounted but hidden
 * (React's `<Activity mode="hidden">`) after you leave, so their state is there when you return, and at the place
 * the window was scrolled to (a case list, after a case's page and Back). Any other page starts at the top.
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

  // Where each page was scrolled to, by path: recorded as the window scrolls, given back when a kept page returns.
  // While a navigation is under way (the next page's code may still be loading, the layout's fallback hiding the
  // page), the window's scrolling is the browser clamping it, not the person: the place is taken as the navigation
  // starts and nothing is recorded until the next page shows.
  const scrolled = useRef(new Map<string, number>());
  const shown = useRef(pathname);
  const leaving = useRef<string | null>(null);
  if (pathname !== shown.current && leaving.current !== pathname) {
    leaving.current = pathname;
    scrolled.current.set(shown.current, window.scrollY);
  }
  useEffect(() => {
    const record = () => {
      if (leaving.current === null) scrolled.current.set(shown.current, window.scrollY);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);
  useLayoutEffect(() => {
    leaving.current = null;
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, (keepAlive && scrolled.current.get(pathname)) || 0);
  }, [pathname, keepAlive]);

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
