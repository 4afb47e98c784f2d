import { describe, expect, it } from 'vitest';
import { NO_FILTERS, filterBody, hasFilters } from './filters.ts';
import { processStatusOptions } from './process-status.ts';
import { orderOf, isScanFileName, FDI_TEETH } from './import-form.ts';
import { teethByQuadrant, pageRule } from './print.ts';

describe('list filters → /getpaging body', () => {
  it('sends nothing for no filters, and the scope flags', () => {
    expect(filterBody('box', NO_FILTERS)).toEqual({});
    expect(filterBody('notDownloaded', NO_FILTERS)).toEqual({ notDownload: true });
    expect(filterBody('recycle', NO_FILTERS)).toEqual({ recycle: true });
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('maps type, direction, dates (swapped when backwards) and downloaded', () => {
    const filters = {
      caseType: 3,
      direction: 'sent',
      from: '2026-11-20',
      to: '2026-11-01',
      downloaded: 'no',
    } as const;
    expect(filterBody('box', filters)).toEqual({
      caseType: 3,
      isSend: true,
      startTime: '2026-11-01',
      endTime: '2026-11-20',
      downloaded: false,
    });
    expect(hasFilters(filters)).toBe(true);
    // /caseNot is "not downloaded" already.
    expect(filterBody('notDownloaded', { ...NO_FILTERS, downloaded: 'yes', direction: 'received' })).toEqual({
      notDownload: true,
      isSend: false,
    });
  });
});

describe('lab progress dropdown', () => {
  it('keeps the spec order and offers 5 only while the case is at 1', () => {
    expect(processStatusOptions(1)).toEqual([1, 5, 2, 3, 4]);
    expect(processStatusOptions(2)).toEqual([1, 2, 3, 4]);
    expect(processStatusOptions(null)).toEqual([1, 2, 3, 4]);
    expect(processStatusOptions(5)).toEqual([1, 5, 2, 3, 4]);
  });
});

describe('import form', () => {
  it('accepts scan files by name only', () => {
    expect(['a.ply', 'B.STL', 'x.obj'].every(isScanFileName)).toBe(true);
    expect(['a.zip', 'ply', 'a.ply.txt'].some(isScanFileName)).toBe(false);
  });

  it('checks the order with the contract schema, leaving blank texts out', () => {
    expect(orderOf({ patientName: '  Li Lei ', caseType: 1, doctor: '  ', teeth: [11, 21] })).toEqual({
      order: { patientName: 'Li Lei', caseType: 1, teeth: [11, 21] },
    });
    expect(orderOf({ caseType: 9, teeth: [19], dueDate: '21.11.2026' })).toEqual({
      fields: expect.arrayContaining(['caseType', 'patientName', 'teeth', 'dueDate']) as unknown,
    });
  });

  it('lists the 52 FDI positions', () => {
    expect(FDI_TEETH).toHaveLength(52);
    expect(FDI_TEETH[0]).toBe(11);
    expect(FDI_TEETH.at(-1)).toBe(85);
  });
});

describe('print sheet', () => {
  it('groups teeth by quadrant, deciduous with permanent', () => {
    expect(teethByQuadrant([21, 11, 12, 36, 55, 19, 11, 47])).toEqual({
      upperRight: [11, 12, 55],
      upperLeft: [21],
      lowerLeft: [36],
      lowerRight: [47],
    });
  });

  it('has a page rule per layout; the sheet takes the paper of the printer (A4 or Letter)', () => {
    expect(pageRule('sheet')).toContain('size: portrait');
    expect(pageRule('sheet')).not.toMatch(/A4|letter/i);
    expect(pageRule('label')).toContain('100mm 62mm');
  });
});
