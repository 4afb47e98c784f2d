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

  it('keeps the demo (published passwords) off on a public PUBLIC_URL unless ARCHWAY_DEMO=true says so', () => {
    for (const local of [
      'http://localhost:8080',
      'http://127.0.0.1:9000',
      'http://[::1]:8080',
      'http://a.localhost',
    ]) {
      const c = loadConfig({ PUBLIC_URL: local });
      expect([c.demo, c.demoOff], local).toEqual([true, undefined]);
    }
    const open = loadConfig({ PUBLIC_URL: 'https://archway.example' });
    expect(open.demo).toBe(false);
    expect(open.demoCases).toBe(false);
    expect(open.demoOff).toMatch(/PUBLIC_URL https:\/\/archway\.example .*ARCHWAY_DEMO=true/);
    const asked = loadConfig({ PUBLIC_URL: 'https://archway.example', ARCHWAY_DEMO: 'true' });
    expect([asked.demo, asked.demoOff]).toEqual([true, undefined]);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.5:8080' }).demo).toBe(false);
    // The administrator's password: the rule's, or the start is refused.
    expect(loadConfig({ ARCHWAY_DEMO_ADMIN_PASSWORD: 'chosen_pw_42' }).demoAdminPassword).toBe(
      'chosen_pw_42',
    );
    expect(loadConfig({}).demoAdminPassword).toBeUndefined();
    expect(() => loadConfig({ ARCHWAY_DEMO_ADMIN_PASSWORD: 'no' })).toThrow(/ARCHWAY_DEMO_ADMIN_PASSWORD/);
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

describe('SCAN_JOBS', () => {
  it('runs every kind of scan job by default; a process may run only background work or only what people wait for', () => {
    expect(loadConfig({}).scanJobs).toBe('all');
    for (const kind of ['all', 'waited', 'background'] as const)
      expect(loadConfig({ SCAN_JOBS: kind }).scanJobs).toBe(kind);
    // None at all stays SCAN_THREADS=0.
    expect(loadConfig({ SCAN_JOBS: 'background', SCAN_THREADS: '0' })).toMatchObject({
      scanJobs: 'background',
      scanThreads: 0,
    });
    expect(() => loadConfig({ SCAN_JOBS: 'none' })).toThrow(/SCAN_JOBS/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, so X-Forwarded-For cannot dodge the per-address sign-in limit', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['false', '0', 'no', 'off'])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "trust everything" and anything it does not understand', () => {
    for (const bad of [
      'true',
      'TRUE',
      'yes',
      'on',
      '*',
      'all',
      'everything',
      '0.0.0.0/0',
      '::/0',
      '10.0.0.0/33',
      'proxy.example',
      '1.2.3',
      '99',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('FRAME_ANCESTORS', () => {
  it("is 'self' alone by default", () => {
    expect(loadConfig({}).frameAncestors).toEqual(["'self'"]);
  });

  it("adds the given origins after 'self'", () => {
    expect(
      loadConfig({
        FRAME_ANCESTORS: "https://portal.example, 'self', http://localhost:3000/, https://portal.example",
      }).frameAncestors,
    ).toEqual(["'self'", 'https://portal.example', 'http://localhost:3000']);
  });

  it('refuses what is not an origin', () => {
    for (const bad of [
      '*',
      'https://a.example/path',
      'portal.example',
      'javascript:alert(1)',
      "'none'",
      'https://*.example',
    ])
      expect(() => loadConfig({ FRAME_ANCESTORS: bad }), bad).toThrow(/FRAME_ANCESTORS/);
  });
});

describe('STORAGE_URL', () => {
  it('is a directory under DATA_DIR by default, or the file: URL given', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local', directory: 'data/files' });
    expect(loadConfig({ DATA_DIR: '/srv/archway' }).storage).toEqual({
      kind: 'local',
      directory: '/srv/archway/files',
    });
    expect(loadConfig({ STORAGE_URL: 'file:///var/lib/archway%20files/' }).storage).toEqual({
      kind: 'local',
      directory: '/var/lib/archway files',
    });
  });

  it('names an S3-compatible bucket, its prefix and endpoint; credentials come from AWS_* or the SDK chain', () => {
    expect(
      loadConfig({
        STORAGE_URL: 's3://archway-files/prod/eu?endpoint=http://127.0.0.1:9000/&region=eu-west-1',
        AWS_ACCESS_KEY_ID: 'AK',
        AWS_SECRET_ACCESS_KEY: 'SK',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'archway-files',
      prefix: 'prod/eu/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
    });
    // AWS itself: no endpoint, virtual-hosted style, the SDK's default credential chain.
    expect(loadConfig({ STORAGE_URL: 's3://archway-files' }).storage).toEqual({
      kind: 's3',
      bucket: 'archway-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    const s = loadConfig({
      STORAGE_URL: 's3://b.example/?endpoint=https://s3.example&forcePathStyle=false',
      AWS_ACCESS_KEY_ID: 'AK',
      AWS_SECRET_ACCESS_KEY: 'SK',
      AWS_SESSION_TOKEN: 'ST',
    }).storage;
    expect(s).toMatchObject({
      prefix: '',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK', sessionToken: 'ST' },
    });
  });

  it('refuses what it cannot use, naming STORAGE_URL', () => {
    for (const bad of [
      'not a url',
      '/var/lib/archway',
      'file://otherhost/x',
      'file:///',
      'file:///x?y=1',
      'http://s3.example/bucket',
      's3://',
      's3://Upper',
      's3://a',
      's3://b_x',
      's3://bucket:9000',
      's3://key:secret@bucket',
      's3://bucket/../x',
      's3://bucket/Prefix',
      's3://bucket?endpoint=ftp://x',
      's3://bucket?endpoint=nonsense',
      's3://bucket?region=EU WEST',
      's3://bucket?forcePathStyle=maybe',
      's3://bucket?accessKey=x',
      's3://bucket/%zz',
    ]) {
      expect(() => loadConfig({ STORAGE_URL: bad }), bad).toThrow(/STORAGE_URL/);
    }
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'AK' })).toThrow(
      /AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/,
    );
  });
});
