import { bigserial, customType, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The table `@socket.io/postgres-adapter` keeps messages too large for NOTIFY in (read by id by the other processes,
 * cleaned up by the adapter every hour). Archway's announcements are small ids, so it stays empty in practice.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  payload: bytea('payload'),
});
