import { pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { permissionEnum } from './enums.ts';
import { users } from './users.ts';

/** The three roles, with fixed ids (see ROLE_IDS in @eclat/shared); created by a migration. */
export const roles = pgTable('roles', {
  id: uuid('id').primaryKey(),
  name: permissionEnum('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
