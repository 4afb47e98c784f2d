import dayjs from 'dayjs';

/** A server time (`YYYY-MM-DD HH:mm:ss`, UTC) in the reader's zone and locale. */
export const localTime = (utc: string | null | undefined): string =>
  utc ? dayjs(`${utc.replace(' ', 'T')}Z`).format('L LT') : '–';
