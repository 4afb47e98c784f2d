import { useCallback, useEffect, useState } from 'react';
import { LocalKeys, readLocal, writeLocal } from '../../shared/storage-keys.ts';
import { AUTO_COLLAPSE_WIDTH } from './menu-model.ts';

const isNarrow = () => window.innerWidth < AUTO_COLLAPSE_WIDTH;

/** Menu collapse state: stored in localStorage, and collapsed by itself below 1300 px. */
export function useMenuCollapse(): [boolean, (collapsed: boolean) => void] {
  const stored = () => readLocal(LocalKeys.menuCollapsed) === 'true';
  const [collapsed, setCollapsed] = useState(() => isNarrow() || stored());

  useEffect(() => {
    let narrow = isNarrow();
    const onResize = () => {
      if (isNarrow() === narrow) return;
      narrow = isNarrow();
      setCollapsed(narrow || readLocal(LocalKeys.menuCollapsed) === 'true');
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const change = useCallback((next: boolean) => {
    writeLocal(LocalKeys.menuCollapsed, String(next));
    setCollapsed(next);
  }, []);

  return [collapsed, change];
}
