import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CommentAnchor } from '@archway/contract';
import { users } from '../account/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { cases } from '../cases/cases.schema.ts';

/**
 * A comment on a case by one of the organizations holding it (sender, receiver, a third party it was forwarded to):
 * text, an image (an attachment of kind `comment`, checked by content), or both; a remark pinned to the scan also
 * carries its anchor (one of the case's scan files, the point, the normal, the camera).
 */
export const caseComments = pgTable(
  'case_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    custId: uuid('cust_id')
      .notNull()
      .references(() => customers.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    /** The image's attachment id (`GET /attachment/{id}`), if any. */
    image: uuid('image'),
    /** Where on the scan the remark is pinned (the file is one of the case's scans); null for a plain comment. */
    anchor: jsonb('anchor').$type<CommentAnchor>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('case_comments_case').on(t.caseId, t.createdAt)],
);
