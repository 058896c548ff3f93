import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import { findOwnCustomer, type Owner } from '../auth/ownership.ts';
import { hasEmailToken, setOptionalEmails } from './email-preferences.repository.ts';

/**
 * A customer's email preferences (issue 15): reminders and feedback requests on or off, from the
 * profile or by the one-click link every such email carries (its secret is the customer's email token).
 */

export type EmailPreferencesDeps = { db: Db };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only a UUID can be a link's secret: anything else is not looked up. */
const isToken = (token: string | undefined): token is string => token !== undefined && UUID.test(token);

async function ownCustomer(db: Db, owner: Owner) {
  const customer = await findOwnCustomer(db, owner);
  if (!customer) throw notFound('Customer profile');
  return customer;
}

/** The caller's preferences (404 without a customer profile). */
export async function myEmailPreferences(
  { db }: EmailPreferencesDeps,
  owner: Owner,
): Promise<{ optionalEmails: boolean }> {
  return { optionalEmails: (await ownCustomer(db, owner)).optionalEmails };
}

/** Turns the caller's optional emails on or off. */
export async function setMyEmailPreferences(
  { db }: EmailPreferencesDeps,
  owner: Owner,
  optionalEmails: boolean,
): Promise<{ optionalEmails: boolean }> {
  const customer = await ownCustomer(db, owner);
  const updated = await setOptionalEmails(db, { id: customer.id }, optionalEmails);
  return { optionalEmails: updated?.optionalEmails ?? optionalEmails };
}

/** Whether an unsubscribe link's secret still belongs to a customer. */
export async function isUnsubscribeLink(
  { db }: EmailPreferencesDeps,
  token: string | undefined,
): Promise<boolean> {
  return isToken(token) && (await hasEmailToken(db, token));
}

/** Turns off the optional emails of the link's customer; false when the link belongs to nobody. */
export async function unsubscribe({ db }: EmailPreferencesDeps, token: string | undefined): Promise<boolean> {
  return isToken(token) && (await setOptionalEmails(db, { token }, false)) !== undefined;
}
