import dayjs, { isDayjs } from 'dayjs';
import type { OrderField, OrderFieldType, OrderValue, OrderValues } from '@archway/contract';

/** Between an option and its sub-option in a filled value ("Zirconia / Brand A", contract `orderValues`). */
export const SUB_SEPARATOR = ' / ';

/** The §5 prompt of a mandatory field: typed fields say "Please enter …", chosen ones "Please select …". */
export const promptKey = (type: OrderFieldType): 'orders.fill.enter' | 'orders.fill.select' =>
  type === 'input' ? 'orders.fill.enter' : 'orders.fill.select';

/** An option, or an option and one of its sub-options, as one value. */
export const choiceValue = (option: string, sub?: string | null): string =>
  sub ? `${option}${SUB_SEPARATOR}${sub}` : option;

/** The option and sub-option of a value (the option's label may itself not contain the separator). */
export function splitChoice(value: string | null | undefined): { option?: string; sub?: string } {
  if (!value) return {};
  const at = value.indexOf(SUB_SEPARATOR);
  if (at < 0) return { option: value };
  return { option: value.slice(0, at), sub: value.slice(at + SUB_SEPARATOR.length) };
}

/**
 * A form's raw values (Ant Design: dates as Dayjs, switches as booleans) as the values a case is sent with, by field
 * name. Empty answers are left out (the server then says which mandatory one is missing); a switch always answers
 * (off is an answer).
 */
export function orderValuesOf(
  fields: readonly OrderField[],
  raw: Record<string, unknown> | undefined,
): OrderValues {
  const out: OrderValues = {};
  for (const field of fields) {
    const value = raw?.[field.name];
    if (field.type === 'switch') {
      out[field.name] = value === true;
      continue;
    }
    if (field.type === 'date') {
      if (isDayjs(value) && value.isValid()) out[field.name] = value.format('YYYY-MM-DD');
      else if (typeof value === 'string' && value) out[field.name] = value;
      continue;
    }
    if (field.type === 'checkbox') {
      const list = Array.isArray(value)
        ? value.filter((v): v is string => typeof v === 'string' && v !== '')
        : [];
      if (list.length) out[field.name] = list;
      continue;
    }
    if (typeof value === 'string' && value.trim() !== '') out[field.name] = value.trim();
  }
  return out;
}

/** A filled value as text: a switch as yes/no, a list joined with commas, a date in the reader's format. */
export function displayOrderValue(
  field: Pick<OrderField, 'type'>,
  value: OrderValue | undefined,
  words: { yes: string; no: string; none: string },
): string {
  if (value === undefined || value === null) return field.type === 'switch' ? words.no : words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.length ? value.join(', ') : words.none;
  if (field.type === 'date') {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value) : null;
    return day?.isValid() ? day.format('L') : value;
  }
  return value === '' ? words.none : value;
}

/** The checkbox choices of a field: each option, then "option / sub-option" for each of its sub-options. */
export const checkboxChoices = (field: Pick<OrderField, 'options'>): string[] =>
  field.options.flatMap((o) => [o.label, ...(o.children ?? []).map((c) => choiceValue(o.label, c))]);

/** A field's name as the server matches it (letter case and outer spaces ignored). */
export const fieldKey = (name: string): string => name.trim().toLowerCase();
