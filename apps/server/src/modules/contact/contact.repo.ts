import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import type { ContactMessagesTable } from '../../platform/db/schema.ts';

export type NewContactMessage = Insertable<ContactMessagesTable>;

/** The only place with the SQL of contact messages. */
export function contactRepo(db: Db) {
  return {
    async insert(row: NewContactMessage): Promise<void> {
      await db.insertInto('contact_messages').values(row).execute();
    },

    async markDelivered(id: string, at: number): Promise<void> {
      await db
        .updateTable('contact_messages')
        .set({ delivered_at: at, delivery_error: null })
        .where('id', '=', id)
        .execute();
    },

    async markNotDelivered(id: string, reason: string): Promise<void> {
      await db.updateTable('contact_messages').set({ delivery_error: reason }).where('id', '=', id).execute();
    },
  };
}

export type ContactRepo = ReturnType<typeof contactRepo>;
