import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshLocalStorage } from '../testing/memory-storage.ts';
import {
  canToggle,
  clampPage,
  columnPrefsStorageKey,
  defaultPrefs,
  loadColumnPrefs,
  loadTableView,
  mergePrefs,
  moveColumn,
  saveColumnPrefs,
  saveTableView,
  showsCards,
  toggleColumn,
  type ColumnDecl,
} from './column-prefs.ts';

const decls: ColumnDecl[] = [
  { key: 'serial', label: 'Serial' },
  { key: 'model', label: 'Model' },
  { key: 'area', label: 'Area', defaultHidden: true },
];
const many = (n: number): ColumnDecl[] =>
  Array.from({ length: n }, (_, i) => ({ key: `c${i}`, label: `C${i}` }));

describe('column preference per page (label, shown flag, order)', () => {
  beforeEach(freshLocalStorage);
  afterEach(() => vi.unstubAllGlobals());

  it('defaults to the declared order, shown unless hidden by default', () => {
    expect(defaultPrefs(decls)).toEqual([
      { key: 'serial', label: 'Serial', shown: true, order: 0 },
      { key: 'model', label: 'Model', shown: true, order: 1 },
      { key: 'area', label: 'Area', shown: false, order: 2 },
    ]);
  });

  it('stores per page and reads back order and shown flags', () => {
    const moved = moveColumn(toggleColumn(defaultPrefs(decls), 'area', { shown: true }), 'area', -1);
    saveColumnPrefs('manager.registry', moved);
    expect(JSON.parse(localStorage.getItem(columnPrefsStorageKey('manager.registry'))!)).toEqual(moved);
    expect(loadColumnPrefs('manager.registry', decls).map((p) => [p.key, p.shown, p.order])).toEqual([
      ['serial', true, 0],
      ['area', true, 1],
      ['model', true, 2],
    ]);
    // another page keeps its own default
    expect(loadColumnPrefs('devices.all', decls).map((p) => p.key)).toEqual(['serial', 'model', 'area']);
  });

  it('drops columns the page no longer has, appends new ones, takes the labels of the page', () => {
    const stored = [
      { key: 'gone', label: 'Gone', shown: true, order: 0 },
      { key: 'model', label: 'Modell', shown: false, order: 1 },
      { key: 'serial', label: 'Seriennummer', shown: true, order: 2 },
    ];
    expect(mergePrefs(stored, decls)).toEqual([
      { key: 'model', label: 'Model', shown: false, order: 0 },
      { key: 'serial', label: 'Serial', shown: true, order: 1 },
      { key: 'area', label: 'Area', shown: false, order: 2 },
    ]);
  });

  it('ignores malformed storage', () => {
    localStorage.setItem(columnPrefsStorageKey('p'), '{not json');
    expect(loadColumnPrefs('p', decls)).toEqual(defaultPrefs(decls));
    expect(mergePrefs({ key: 'serial' }, decls)).toEqual(defaultPrefs(decls));
    expect(mergePrefs([{ key: 'serial', shown: 'yes', order: 0 }, null], decls)).toEqual(defaultPrefs(decls));
  });

  it('keeps at least 1 column shown', () => {
    const one = toggleColumn(defaultPrefs(decls), 'model', { shown: false });
    expect(one.filter((p) => p.shown).map((p) => p.key)).toEqual(['serial']);
    expect(canToggle(one, 'serial')).toBe(false);
    expect(toggleColumn(one, 'serial', { shown: false })).toEqual(one);
    // a stored preference with nothing shown shows the first column
    expect(
      mergePrefs(
        one.map((p) => ({ ...p, shown: false })),
        decls,
      )[0]!.shown,
    ).toBe(true);
  });

  it('shows at most 15 columns', () => {
    const twenty = many(20);
    const prefs = defaultPrefs(twenty);
    expect(prefs.filter((p) => p.shown)).toHaveLength(15);
    expect(canToggle(prefs, 'c17')).toBe(false);
    expect(toggleColumn(prefs, 'c17', { shown: true })).toEqual(prefs);
    const freed = toggleColumn(prefs, 'c0', { shown: false });
    expect(toggleColumn(freed, 'c17', { shown: true }).filter((p) => p.shown)).toHaveLength(15);
  });

  it('moves columns within bounds', () => {
    const prefs = defaultPrefs(decls);
    expect(moveColumn(prefs, 'serial', -1)).toEqual(prefs);
    expect(moveColumn(prefs, 'area', 1)).toEqual(prefs);
    expect(moveColumn(prefs, 'serial', 1).map((p) => `${p.order}:${p.key}`)).toEqual([
      '0:model',
      '1:serial',
      '2:area',
    ]);
  });

  it('remembers the chosen view per page; automatic shows cards only on a narrow screen', () => {
    expect(loadTableView('p')).toBe('auto');
    saveTableView('p', 'cards');
    expect(loadTableView('p')).toBe('cards');
    expect(loadTableView('q')).toBe('auto');
    expect(showsCards('auto', { narrow: true })).toBe(true);
    expect(showsCards('auto', { narrow: false })).toBe(false);
    expect(showsCards('table', { narrow: true })).toBe(false);
    expect(showsCards('cards', { narrow: false })).toBe(true);
  });
});

describe('client-paged table', () => {
  it('steps back to the last page when rows were removed', () => {
    expect(clampPage(3, 10, 21)).toBe(3);
    expect(clampPage(3, 10, 20)).toBe(2);
    expect(clampPage(5, 10, 0)).toBe(1);
    expect(clampPage(0, 10, 50)).toBe(1);
  });
});
