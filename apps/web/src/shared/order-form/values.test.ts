import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { STANDARD_ORDER_FORM, orderValues, type OrderField } from '@archway/contract';
import {
  checkboxChoices,
  choiceValue,
  displayOrderValue,
  fieldKey,
  orderValuesOf,
  promptKey,
  splitChoice,
} from './values.ts';

const field = (name: string, type: OrderField['type'], options: OrderField['options'] = []): OrderField => ({
  name,
  type,
  mandatory: false,
  options,
});
const words = { yes: 'Yes', no: 'No', none: '–' };

describe('order-form values', () => {
  it('asks "Please enter" for typed fields and "Please select" for chosen ones (§5)', () => {
    expect(promptKey('input')).toBe('orders.fill.enter');
    for (const type of ['dropdown', 'date', 'radio', 'checkbox', 'file'] as const)
      expect(promptKey(type)).toBe('orders.fill.select');
  });

  it('joins and splits an option and its sub-option as the contract spells it', () => {
    expect(choiceValue('Zirconia', 'Katana')).toBe('Zirconia / Katana');
    expect(choiceValue('Zirconia')).toBe('Zirconia');
    expect(splitChoice('Zirconia / Katana')).toEqual({ option: 'Zirconia', sub: 'Katana' });
    expect(splitChoice('Zirconia')).toEqual({ option: 'Zirconia' });
    expect(splitChoice(undefined)).toEqual({});
  });

  it('turns the form into values the contract accepts: dates as YYYY-MM-DD, switches always, blanks left out', () => {
    const fields = [
      field('Doctor', 'input'),
      field('Due', 'date'),
      field('Scan body', 'switch'),
      field('Pre-op', 'switch'),
      field('Extras', 'checkbox', [{ label: 'A' }, { label: 'B' }]),
      field('Empty list', 'checkbox', [{ label: 'A' }]),
      field('Blank', 'input'),
      field('Shade', 'dropdown', [{ label: 'A1' }]),
    ];
    const values = orderValuesOf(fields, {
      Doctor: '  Dr. Berg ',
      Due: dayjs('2026-12-01'),
      'Scan body': true,
      Extras: ['A', 'B'],
      'Empty list': [],
      Blank: '   ',
      Shade: 'A1',
      Unknown: 'x',
    });
    expect(values).toEqual({
      Doctor: 'Dr. Berg',
      Due: '2026-12-01',
      'Scan body': true,
      'Pre-op': false,
      Extras: ['A', 'B'],
      Shade: 'A1',
    });
    expect(orderValues.safeParse(values).success).toBe(true);
    expect(orderValuesOf(STANDARD_ORDER_FORM, undefined)).toEqual({
      'Pre-op scan': false,
      'Scan body': false,
      'Before-prep scan': false,
    });
  });

  it('shows a switch as yes/no, a list with commas, a missing value as a dash', () => {
    expect(displayOrderValue({ type: 'switch' }, true, words)).toBe('Yes');
    expect(displayOrderValue({ type: 'switch' }, false, words)).toBe('No');
    expect(displayOrderValue({ type: 'switch' }, undefined, words)).toBe('No');
    expect(displayOrderValue({ type: 'checkbox' }, ['A', 'B / b1'], words)).toBe('A, B / b1');
    expect(displayOrderValue({ type: 'checkbox' }, [], words)).toBe('–');
    expect(displayOrderValue({ type: 'input' }, undefined, words)).toBe('–');
    expect(displayOrderValue({ type: 'dropdown' }, 'Zirconia / Katana', words)).toBe('Zirconia / Katana');
    expect(displayOrderValue({ type: 'date' }, '2026-12-01', words)).toBe(dayjs('2026-12-01').format('L'));
    expect(displayOrderValue({ type: 'date' }, 'soon', words)).toBe('soon');
  });

  it('offers each checkbox option and each of its sub-options', () => {
    expect(checkboxChoices({ options: [{ label: 'A', children: ['a1', 'a2'] }, { label: 'B' }] })).toEqual([
      'A',
      'A / a1',
      'A / a2',
      'B',
    ]);
  });

  it('matches field names as the server does', () => {
    expect(fieldKey(' Shade ')).toBe(fieldKey('shade'));
  });
});
