/**
 * The catalogue's tables for update notes and client downloads (the support-and-back-office issue). Codes are
 * Archway's: the spec lists `/UpdateLog/*` without codes.
 */
import { def } from './error-def.ts';

/** Release notes: `/UpdateLog/*` and the console's `/api2/admin/updates*`. */
export const UpdateErrors = {
  parameter: def(-1, 'updates.parameter', 400, 'Parameter error'),
  notFound: def(-2, 'updates.notFound', 400, 'Release note not found or does not exist'),
  exists: def(-3, 'updates.exists', 409, 'A release note of this client and version already exists'),
  version: def(
    -4,
    'updates.version',
    400,
    'Write the version as numbers with dots, like 1.2.3 (at most 32 characters)',
  ),
  textsRequired: def(-5, 'updates.textsRequired', 400, 'Write the note in at least one language'),
  topicRequired: def(-6, 'updates.topicRequired', 400, 'Enter the topic'),
  imageNotFound: def(-7, 'updates.imageNotFound', 400, 'Image not found or does not exist'),
  imageUnknown: def(-8, 'updates.imageUnknown', 400, "This image is not one of the note's images"),
  imageFormat: def(-9, 'updates.imageFormat', 400, 'Images must be PNG, JPEG, GIF or WebP'),
  imageTooLarge: def(-10, 'updates.imageTooLarge', 400, 'The image is too large (at most 5 MB)'),
  imageMissing: def(-11, 'updates.imageMissing', 400, 'No image was uploaded'),
  tooManyImages: def(-12, 'updates.tooManyImages', 400, 'A release note has at most 30 images'),
} as const;

/** The scanner software's download links (`/api/client/downloads`, `/api2/admin/client/downloads`). */
export const ClientDownloadErrors = {
  parameter: def(-1, 'clientDownload.parameter', 400, 'Parameter error'),
  httpsOnly: def(-2, 'clientDownload.httpsOnly', 400, 'A download link must be an https:// address'),
} as const;
