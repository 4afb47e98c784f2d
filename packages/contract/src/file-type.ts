/** File types Archway accepts outside scans, told by their first bytes (never by the name or the declared type). */
export type FileType = 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'mp4';

export const fileTypeMime: Record<FileType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
};

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** The type the first bytes (at least 12) show, or undefined. */
export function sniffFileType(head: Uint8Array): FileType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (
    startsWith(head, [0x47, 0x49, 0x46, 0x38]) &&
    (head[4] === 0x37 || head[4] === 0x39) &&
    head[5] === 0x61
  )
    return 'gif';
  // RIFF container of type WEBP (release-note images only).
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  // ISO base media: a box size, then `ftyp` and an MP4 brand.
  if (startsWith(head, [0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (/^(isom|iso[2-9]|mp4[12]|avc1|M4V |mp42|dash|MSNV)$/.test(brand)) return 'mp4';
  }
  return undefined;
}
