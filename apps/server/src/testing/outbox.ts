import { and, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../platform/mail/mail.schema.ts';
import type { Queryable } from '../platform/db/client.ts';
import { until } from './poll.ts';

/**
 * The barrier for "no (more) mail": waits until no e-mail (to `address`, when given, any case) is `pending` in the
 * outbox. A mail is queued in the transaction of what caused it, so once that call has answered, every mail it will
 * ever cause is in the outbox; and the test relay holds a message before the outbox marks it sent. So after this,
 * what the relay received is final: a mail that is not there will not come. (A mail the relay refused for later
 * stays pending: a test that does so waits for its own outcome instead.)
 */
export async function outboxSettled(db: Queryable, address?: string) {
  await until(
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.channel, 'email'),
            eq(mailOutbox.state, 'pending'),
            address ? sql`lower(${mailOutbox.recipient}) = ${address.toLowerCase()}` : undefined,
          ),
        );
      return row!.n === 0;
    },
    { what: `the outbox to have no pending e-mail${address ? ` to ${address}` : ''}` },
  );
}
