import type { ServiceName } from '@archway/contract';
import type { Host } from './request.ts';

/** The map of `GET /common/services`: service name → absolute base URL. */
export type ServicesMap = Partial<Record<ServiceName, string>>;

let services: ServicesMap = {};

export function setServices(map: ServicesMap): void {
  services = map;
}

/**
 * Base URL of a host key; '' means the page's own origin. The Vite dev server proxies the API
 * paths, so during development every call stays on the dev server's origin.
 */
export function baseUrlFor(host: Host): string {
  if (host === 'origin' || import.meta.env.DEV) return '';
  return services[host] ?? services.default ?? '';
}
