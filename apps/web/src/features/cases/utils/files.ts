/** A file address as the server gave it: absolute stays, a path is on the given service base. */
export function fileAddress(url: string, base: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return base.replace(/\/+$/, '') + (url.startsWith('/') ? url : `/${url}`);
}

/** tus `Upload-Metadata`: comma-separated `key base64(UTF-8 value)` pairs. */
export function uploadMetadata(values: Record<string, string>): string {
  const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
  return Object.entries(values)
    .map(([key, value]) => `${key} ${base64(value)}`)
    .join(',');
}

/** The upload id at the end of a tus upload URL (absolute or a path). */
export function uploadIdOf(url: string): string | undefined {
  return new URL(url, 'http://upload.invalid').pathname.split('/').filter(Boolean).pop();
}
