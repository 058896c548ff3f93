import type pg from 'pg';

/**
 * A customer's unsubscribe secret (`customers.email_token`, the one-click link of their optional emails)
 * belongs to the address it was sent to: when the email changes, by whatever path (the admin's form, a
 * tool, psql), a row trigger gives the customer a new secret in the same statement, so links mailed to the
 * old address stop working (issue 27).
 *
 * Applied after the migrations, under their lock, on every start, as the change notifications are
 * (`change-notifications.ts`): idempotent, and no table lock once the trigger exists.
 */
export async function installEmailTokenRotation(client: pg.ClientBase): Promise<void> {
  await client.query(`
    create or replace function eclat_rotate_email_token() returns trigger language plpgsql as $$
    begin
      if new.email is distinct from old.email then
        new.email_token := gen_random_uuid();
      end if;
      return new;
    end $$`);
  const { rows } = await client.query(
    `select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where t.tgname = 'rotate_email_token' and c.relname = 'customers'
       and c.relnamespace = current_schema()::regnamespace`,
  );
  if (rows.length === 0) {
    await client.query(
      `create trigger rotate_email_token before update of email on customers
       for each row execute function eclat_rotate_email_token()`,
    );
  }
}
