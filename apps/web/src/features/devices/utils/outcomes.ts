import type { z } from 'zod';
import { itemResult } from '@archway/contract';
import { ApiError } from '../../../shared/request.ts';

/** One item's outcome of a call on several items (authorize, add users, batch extension). */
export type ItemResult = z.infer<typeof itemResult>;

const itemResults = itemResult.array();

/**
 * Each item's outcome that a refused call on several items carries (`data.results`: every item
 * failed), or null when the refusal has none.
 */
export function refusedResults(error: unknown): ItemResult[] | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = itemResults.safeParse(error.details?.results);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

export const failedItems = (results: readonly ItemResult[]) => results.filter((r) => r.code !== 0);

/** The most people one call adds (addDeviceUserBody). */
export const MAX_USERS_PER_ADD = 20;

/**
 * Usernames or e-mails typed or pasted together, split on commas, semicolons, spaces and line
 * breaks (also the full-width ones), each once.
 */
export function parseLogins(text: string): string[] {
  return [...new Set(text.split(/[\s,;，；、]+/u).filter(Boolean))];
}
