import { describe, expect, it } from 'vitest';
import { languageForServer } from './change-language.ts';

describe('the language the server keeps for mail', () => {
  it("is this browser's when the person picked it here", () => {
    expect(languageForServer(true, 'de', 'ja')).toBe('de');
  });

  it("stays the server's when this browser only has its default (a new device does not undo a choice)", () => {
    expect(languageForServer(false, 'en', 'ja')).toBe('ja');
  });

  it("is this browser's when the server has none it knows", () => {
    expect(languageForServer(false, 'fr', null)).toBe('fr');
    expect(languageForServer(false, 'fr', 'xx')).toBe('fr');
  });
});
