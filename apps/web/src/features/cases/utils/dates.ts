import dayjs from 'dayjs';

/** The server's `YYYY-MM-DD HH:mm:ss` (UTC) as a local date and time; null for none (`--`, empty). */
export function localDateTime(value: string | null | undefined): string | null {
  if (!value || value === '--') return null;
  const date = new Date(`${value.trim().replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`);
  return Number.isNaN(date.getTime()) ? value : dayjs(date).format('L LT');
}

/** A calendar date (`YYYY-MM-DD`, no time zone) in the local format. */
export function localDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = dayjs(value, 'YYYY-MM-DD');
  return date.isValid() ? date.format('L') : value;
}
