import { describe, expect, it } from 'vitest';
import { errorMessages, messageFor, serverLanguage } from './error-messages.ts';
import { allErrors, ErrorTables } from './errors.ts';

describe('error catalogue', () => {
  it('has unique keys, and codes unique within each call table', () => {
    const keys = allErrors.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, table] of Object.entries(ErrorTables)) {
      const codes = Object.values(table).map((e) => e.code);
      expect(new Set(codes).size, name).toBe(codes.length);
    }
  });

  it('keeps the documented generic codes', () => {
    expect(ErrorTables.generic.permission.code).toBe(100);
    expect(ErrorTables.generic.notFound.code).toBe(200);
    expect(ErrorTables.generic.application.code).toBe(300);
    expect(ErrorTables.generic.database.code).toBe(310);
  });

  it('answers HTTP 404 only for an unknown path (calls-and-errors §7.1)', () => {
    const notFound = allErrors.filter((e) => e.status === 404).map((e) => e.key);
    expect(notFound).toEqual(['generic.notFound']);
    expect(ErrorTables.device.notFound.status).toBe(400);
    expect(ErrorTables.cust.notFound.status).toBe(400);
  });

  it('has a zh and a pt server message for every entry', () => {
    for (const lang of ['zh', 'pt'] as const) {
      for (const e of allErrors) expect(errorMessages[lang][e.key], `${lang} ${e.key}`).toBeTruthy();
      expect(Object.keys(errorMessages[lang]).sort()).toEqual(allErrors.map((e) => e.key).sort());
    }
  });

  it('picks zh, pt or en from Accept-Language', () => {
    expect(serverLanguage('zh-CN,zh;q=0.9')).toBe('zh');
    expect(serverLanguage('pt-BR')).toBe('pt');
    expect(serverLanguage('de-DE')).toBe('en');
    expect(serverLanguage(undefined)).toBe('en');
    expect(messageFor('generic.notFound', 'Request path not found', 'zh')).toBe('请求路径不存在');
  });
});
