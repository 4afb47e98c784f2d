import dayjs from 'dayjs';

/** The server's `YYYY-MM-DD HH:mm:ss` (UTC) or an ISO time as a local date and time; null for none. */
export function localDateTime(value: string | null | undefined): string | null {
  if (!value || value === '--') return null;
  const iso = value.trim().replace(' ', 'T');
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(date.getTime()) ? value : dayjs(date).format('L LT');
}
