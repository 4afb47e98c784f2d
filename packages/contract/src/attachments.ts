import { z } from 'zod';
import { safeString } from './schemas.ts';

/** What `POST /attachment` (and every other upload of a picture, document or video) answers. */
export const attachment = z.object({
  id: z.uuid(),
  name: safeString(255),
  size: z.number().int(),
  type: z.enum(['jpg', 'png', 'gif', 'pdf', 'mp4']),
  /** Where the file is read: `GET /attachment/{id}` (with the token; HTTP Range allowed). */
  url: z.string(),
});
export type Attachment = z.infer<typeof attachment>;
