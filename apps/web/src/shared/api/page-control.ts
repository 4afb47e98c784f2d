import { useQuery } from '@tanstack/react-query';
import { request } from '../api-client.ts';
import { useToken } from '../auth/use-token.ts';
import { LocalKeys, removeLocal, writeLocal } from '../storage-keys.ts';

/**
 * `GET /user/control/page` (calls-and-errors §7.5): the organization's optional screens,
 * `content.thirdPageControl {order, compare, builder}`. At start-up they become the local flags
 * `order`, `compare`, `builder` (product §9) that the side menu reads: a screen that is on stores
 * `'true'`; order and compare off remove their flag (an absent flag is what hides them, product §2); builder off
 * stores `'false'` (the builder is shown unless its flag is off, or absent on cn hosts).
 */
export type PageFlags = Record<'order' | 'compare' | 'builder', boolean>;

const FLAG_NAMES = ['order', 'compare', 'builder'] as const;

function flagsOf(value: unknown): PageFlags | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!FLAG_NAMES.some((name) => name in v)) return null;
  return { order: v.order === true, compare: v.compare === true, builder: v.builder === true };
}

/** The flags of an answer: `content.thirdPageControl`, or the older `content` itself; null if neither. */
export function pageControlFlags(answer: unknown): PageFlags | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const content = (answer as { content?: unknown }).content;
  if (typeof content !== 'object' || content === null) return null;
  return flagsOf((content as { thirdPageControl?: unknown }).thirdPageControl) ?? flagsOf(content);
}

export function storePageFlags(flags: PageFlags): void {
  for (const name of FLAG_NAMES) {
    if (flags[name]) writeLocal(LocalKeys[name], 'true');
    else if (name === 'builder') writeLocal(LocalKeys[name], 'false');
    else removeLocal(LocalKeys[name]);
  }
}

export const pageControlKey = ['pageControl'] as const;

/** Loads the switches once per session (after sign-in) and stores them; the menu re-reads on change. */
export function usePageControl() {
  const token = useToken();
  return useQuery({
    queryKey: pageControlKey,
    queryFn: async () => {
      const answer = await request<unknown>({
        host: 'account',
        path: '/user/control/page',
        query: { timestamp: Date.now() },
        raw: true,
        silent: true,
      });
      const flags = pageControlFlags(answer);
      if (flags) storePageFlags(flags);
      return flags;
    },
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}
