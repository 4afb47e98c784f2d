import { useSyncExternalStore } from 'react';
import { LocalKeys, readLocal, writeLocal } from './storage-keys.ts';

/** The two look-and-feel systems (product §1) and their themes (`theme-type`, `system-type`). */
export const SystemTypes = ['first', 'second'] as const;
export type SystemType = (typeof SystemTypes)[number];
export type ThemeType = `${SystemType}-skin`;

export const DEFAULT_SYSTEM: SystemType = 'second';

export function isSystemType(value: unknown): value is SystemType {
  return typeof value === 'string' && (SystemTypes as readonly string[]).includes(value);
}

export function currentSystem(): SystemType {
  const stored = readLocal(LocalKeys.systemType);
  return isSystemType(stored) ? stored : DEFAULT_SYSTEM;
}

export function currentTheme(): ThemeType {
  const stored = readLocal(LocalKeys.themeType);
  return stored === 'first-skin' || stored === 'second-skin' ? stored : `${currentSystem()}-skin`;
}

const listeners = new Set<() => void>();

/** Switches system and theme together. */
export function setSystem(system: SystemType): void {
  writeLocal(LocalKeys.systemType, system);
  writeLocal(LocalKeys.themeType, `${system}-skin`);
  document.documentElement.dataset.system = system;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSystem(): { system: SystemType; theme: ThemeType } {
  const system = useSyncExternalStore(subscribe, currentSystem);
  const theme = useSyncExternalStore(subscribe, currentTheme);
  return { system, theme };
}

/**
 * `/first/home` → `{system: 'first', rest: 'home'}`; the first path segment (after the base) may
 * name a system. Answers null when it does not.
 */
export function splitSystemPath(pathname: string): { system: SystemType; rest: string } | null {
  const [, first = '', ...rest] = pathname.split('/');
  return isSystemType(first) ? { system: first, rest: rest.join('/') } : null;
}
