import { ServiceNames, type ServiceName } from '@archway/contract';
import type { Db } from '../../platform/db/client.ts';
import type { Config } from '../../config.ts';
import * as repo from './common.repository.ts';

/**
 * `GET /common/services`: every service's base URL. Those not moved by SERVICE_URLS are PUBLIC_URL:
 * never the request's Host or X-Forwarded-Host, so a forged header cannot point a client elsewhere.
 */
export function serviceMap(config: Pick<Config, 'publicUrl' | 'serviceUrls'>): Record<ServiceName, string> {
  return Object.fromEntries(
    ServiceNames.map((n) => [n, config.serviceUrls[n] ?? config.publicUrl]),
  ) as Record<ServiceName, string>;
}

/** `GET /api/translate/languageContent/cloud`: the overrides as a JSON string. */
export async function languageContent(db: Db, lang: string): Promise<string> {
  return JSON.stringify(await repo.findTranslations(db, lang));
}

export const health = (db: Db) => repo.ping(db);
