import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for the embedded database', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('./data');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demo).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.serviceUrls).toEqual({});
  });

  it('turns demo data off by default on PostgreSQL, and on when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', ARCHWAY_DEMO: 'true' }).demo).toBe(true);
  });

  it('moves a service by configuration alone', () => {
    const c = loadConfig({
      PUBLIC_URL: 'https://a.example/',
      SERVICE_URLS: '{"case":"https://case.example"}',
    });
    expect(c.publicUrl).toBe('https://a.example');
    expect(c.serviceUrls).toEqual({ case: 'https://case.example' });
  });

  it('lists every problem at once, readably', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SERVICE_URLS: '[' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const msg = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'SERVICE_URLS']) expect(msg).toContain(name);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, so X-Forwarded-For cannot dodge the per-address sign-in limit', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});
