import { z } from 'zod';
import { envelope } from '@archway/contract';

/** What every device route file shares: the OpenAPI tag, the bearer scheme and the plain `{code: 0}` answer. */
export const done = envelope(z.object({ code: z.literal(0) }));
export const tags = ['devices'];
export const security = [{ bearer: [] }];
