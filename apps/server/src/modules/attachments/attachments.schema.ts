import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';

/**
 * Files people upload that are not scans: avatars, business licences, report logos and backgrounds, share pictures
 * and the share video. Contents live in `platform.storage` under `storageKey`; `mime` is what the content was
 * checked to be. Rows name their owner; the objects using them (users.avatar, customers.license_file …) hold the id.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind')
      .$type<'avatar' | 'licence' | 'logo' | 'background' | 'share' | 'video' | 'comment'>()
      .notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    custId: uuid('cust_id').references(() => customers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attachments_cust').on(t.custId, t.kind), index('attachments_user').on(t.userId, t.kind)],
);
