import { customerByEmailQuerySchema, isLocale, profileInputSchema, type Locale } from '@eclat/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/transaction.ts';
import { clearHits, isLocked, recordHit, RULES } from '../../plugins/throttle.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  setPassword,
  type UserRecord,
} from './accounts.repository.ts';
import {
  consumeEmailToken,
  findEmailToken,
  retireEmailTokens,
  type EmailTokenPurpose,
} from './email-tokens.ts';
import {
  greetingNameOf,
  markEmailVerified,
  sendVerificationEmail,
  VERIFICATION_EMAIL_RULE,
  verificationThrottleKey,
  verifyEmailWithToken,
} from './email-verification.ts';
import type { LoginForm, RegisterForm, ResetForm } from './interactions.forms.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword, type PasswordProblem } from './passwords.ts';
import { attemptSignIn, clearSignInWaitsOf, type SignInOutcome } from './sign-in-throttle.ts';
import { endEverySessionOf } from './token-epoch.ts';

/**
 * The work of the account pages (sign in, create an account, verify an address, forgot and reset
 * password): every rule, throttle and transaction. The routes read the form (`interactions.forms.ts`),
 * call one function here and show its outcome; a field's problem is the key of its text in `PAGE_TEXT`.
 */

export type InteractionsDeps = { db: Db; jobs: Jobs; config: AppConfig };

/** What a form field may be refused for: the key of its message in `PAGE_TEXT`. */
export type FieldProblem =
  | PasswordProblem
  | 'fieldRequired'
  | 'firstNameTooLong'
  | 'lastNameTooLong'
  | 'emailInvalid'
  | 'emailTooLong'
  | 'mismatch';
export type FieldProblems<Field extends string> = Partial<Record<Field, FieldProblem>>;

const emailSchema = z.email();
/** The limits an account's names and address will meet on its customer profile: the shared rules. */
const firstNameSchema = profileInputSchema.shape.firstName;
const lastNameSchema = profileInputSchema.shape.lastName;
const storableEmailSchema = customerByEmailQuerySchema.shape.email;

const isEmail = (email: string) => emailSchema.safeParse(email).success;
const isStorableEmail = (email: string) => storableEmailSchema.safeParse(email).success;

/** A password's problem with the policy, guessed against the account's own names and the brand. */
const passwordProblem = (password: string, userInputs: string[]) =>
  checkPasswordPolicy(password, userInputs) ?? undefined;

/** Email and password against the sign-in throttle (decision 027), in one transaction. */
export async function signIn(
  { jobs }: InteractionsDeps,
  form: LoginForm,
  address: string,
): Promise<SignInOutcome> {
  const { email, password } = form;
  // No account has an address longer than the shared limit (and its throttle key would not fit an index).
  const tooLong = storableEmailSchema
    .safeParse(email)
    .error?.issues.some((issue) => issue.code === 'too_big');
  if (tooLong) return { kind: 'refused' };
  return jobs.transaction(({ db }) =>
    attemptSignIn(db, { email, address }, async () => {
      const user = email ? await findUserByEmail(db, email) : undefined;
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      return user && valid ? user.id : null;
    }),
  );
}

type RegisterField = 'firstName' | 'lastName' | 'email' | 'password';

/** The sign-up form's problems, field by field (the first rule each field breaks). */
function registrationProblems(form: RegisterForm, brandName: string): FieldProblems<RegisterField> {
  const problems: FieldProblems<RegisterField> = {};
  if (!form.firstName) problems.firstName = 'fieldRequired';
  else if (!firstNameSchema.safeParse(form.firstName).success) problems.firstName = 'firstNameTooLong';
  if (!form.lastName) problems.lastName = 'fieldRequired';
  else if (!lastNameSchema.safeParse(form.lastName).success) problems.lastName = 'lastNameTooLong';
  if (!form.email) problems.email = 'fieldRequired';
  else if (!isEmail(form.email)) problems.email = 'emailInvalid';
  else if (!isStorableEmail(form.email)) problems.email = 'emailTooLong';
  const password = passwordProblem(form.password, [form.email, form.firstName, form.lastName, brandName]);
  if (password) problems.password = password;
  return problems;
}

/**
 * Tells the owner of an address that someone tried to create an account with it, in the owner's language
 * (at most a few times an hour per address, so nobody can flood their inbox).
 */
async function warnOwnerOfSignUpAttempt({ db, jobs, config }: InteractionsDeps, owner: UserRecord) {
  const emailKey = `sign-up-attempt:${owner.email.toLowerCase()}`;
  if (await isLocked(db, emailKey)) return;
  await recordHit(db, emailKey, RULES.resetEmails);
  const locale = isLocale(owner.locale) ? owner.locale : 'en';
  await jobs.enqueue('email', {
    to: owner.email,
    locale,
    message: {
      template: 'sign-up-attempt',
      data: {
        firstName: greetingNameOf(owner),
        signInUrl: `${config.publicUrl}/profile`,
      },
    },
  });
}

export type RegisterOutcome =
  | { kind: 'invalid'; problems: FieldProblems<RegisterField> }
  | { kind: 'throttled' }
  /** The same for a new address and a known one; `userId` only says, for the log, that one was created. */
  | { kind: 'checkEmail'; userId?: string };

/**
 * Creates an account and sends its verification link. The answer is the same whether or not the address
 * has an account (the same outcome, and the password is hashed either way so it takes as long); the
 * address's inbox learns which it was.
 */
export async function register(
  deps: InteractionsDeps,
  form: RegisterForm,
  context: { locale: Locale; address: string },
): Promise<RegisterOutcome> {
  const { db, jobs, config } = deps;
  const problems = registrationProblems(form, config.brandName);
  if (Object.keys(problems).length > 0) return { kind: 'invalid', problems };

  const ipKey = `register-ip:${context.address}`;
  if (await isLocked(db, ipKey)) return { kind: 'throttled' };
  await recordHit(db, ipKey, RULES.registrations);

  const { password, ...values } = form;
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, values.email);
  if (existing) {
    await warnOwnerOfSignUpAttempt(deps, existing);
    return { kind: 'checkEmail' };
  }
  try {
    const userId = await jobs.transaction(async (tx) => {
      const user = await createUser(tx.db, { ...values, passwordHash, locale: context.locale });
      await recordHit(tx.db, verificationThrottleKey(user.id), VERIFICATION_EMAIL_RULE);
      await sendVerificationEmail(tx, config.publicUrl, user, context.locale);
      return user.id;
    });
    return { kind: 'checkEmail', userId };
  } catch (error) {
    // Two sign-ups with the same email at once: the unique index lets one create the account.
    const raced = await findUserByEmail(db, values.email);
    if (!raced) throw error;
    await warnOwnerOfSignUpAttempt(deps, raced);
    return { kind: 'checkEmail' };
  }
}

/** Whether an emailed link's token still works (unused, in time). */
export async function isLiveToken(
  { db }: InteractionsDeps,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<boolean> {
  return (await findEmailToken(db, token, purpose)) !== undefined;
}

export type VerifyOutcome = 'invalid' | 'throttled' | 'wrongPassword' | 'verified';

/**
 * A verification link's form (decision 010): the address is confirmed when the account's password is
 * typed there, so neither a mail scanner nor the owner of the mailbox can verify an account somebody else
 * created with that address. Wrong passwords are throttled per account.
 */
export async function verifyEmail(
  { db, jobs }: InteractionsDeps,
  token: string,
  password: string,
): Promise<{ outcome: VerifyOutcome; userId?: string }> {
  const row = await findEmailToken(db, token, 'email-verification');
  if (!row) return { outcome: 'invalid' };
  const lockKey = `verify-password:${row.userId}`;
  if (await isLocked(db, lockKey)) return { outcome: 'throttled' };
  const account = await findUserById(db, row.userId);
  if (!(await verifyPassword(account?.passwordHash ?? null, password))) {
    await recordHit(db, lockKey, RULES.verifyPassword);
    return { outcome: 'wrongPassword' };
  }
  const used = await jobs.transaction((tx) => verifyEmailWithToken(tx.db, token));
  if (!used) return { outcome: 'invalid' };
  await clearHits(db, lockKey);
  return { outcome: 'verified', userId: used.userId };
}

/** `invalid`: not an address an account could have. */
export type ForgotOutcome = { kind: 'invalid' } | { kind: 'throttled' } | { kind: 'sent' };

/**
 * "Forgot password": the same work whether or not the address has an account (issue 27): its own
 * throttle, and one job that emails the link when there is an account (`password-reset.ts`). Nothing
 * here reads the account, so neither the answer nor its time tells whether one exists.
 */
export async function requestPasswordReset(
  { db, jobs }: InteractionsDeps,
  email: string,
  context: { locale: Locale; address: string },
): Promise<ForgotOutcome> {
  if (!isEmail(email) || !isStorableEmail(email)) return { kind: 'invalid' };
  const ipKey = `forgot-ip:${context.address}`;
  if (await isLocked(db, ipKey)) return { kind: 'throttled' };
  await recordHit(db, ipKey, RULES.registrations);
  const emailKey = `forgot-email:${email.toLowerCase()}`;
  if (!(await isLocked(db, emailKey))) {
    await jobs.transaction(async (tx) => {
      await recordHit(tx.db, emailKey, RULES.resetEmails);
      await tx.enqueue('password-reset', { email, locale: context.locale });
    });
  }
  return { kind: 'sent' };
}

export type ResetOutcome =
  | { kind: 'invalid' }
  | { kind: 'refused'; problems: FieldProblems<'password' | 'confirm'> }
  | { kind: 'done'; userId: string };

/**
 * A reset link's new password. One transaction: the link is used (every other reset link too), the
 * password set, the address counts as verified (the link reached its mailbox, and whoever chose the old
 * password loses the account), its verification links stop, and tokens issued before now stop working at
 * the API. Then the account's sign-in waits end.
 */
export async function resetPassword(
  { db, jobs, config }: InteractionsDeps,
  token: string,
  form: ResetForm,
): Promise<ResetOutcome> {
  const row = await findEmailToken(db, token, 'password-reset');
  if (!row) return { kind: 'invalid' };
  const owner = await findUserById(db, row.userId);
  const problem = passwordProblem(
    form.password,
    owner ? [owner.email, owner.firstName, owner.lastName, config.brandName] : [],
  );
  if (problem) return { kind: 'refused', problems: { password: problem } };
  if (form.password !== form.confirm) return { kind: 'refused', problems: { confirm: 'mismatch' } };

  const passwordHash = await hashPassword(form.password);
  const used = await jobs.transaction(async (tx) => {
    const consumed = await consumeEmailToken(tx.db, token, 'password-reset');
    if (!consumed) return undefined;
    await setPassword(tx.db, consumed.userId, passwordHash);
    await markEmailVerified(tx.db, consumed.userId);
    await retireEmailTokens(tx.db, consumed.userId, 'email-verification');
    await endEverySessionOf(tx.db, consumed.userId);
    return consumed;
  });
  if (!used) return { kind: 'invalid' };
  if (owner) await clearSignInWaitsOf(db, owner.email);
  return { kind: 'done', userId: row.userId };
}
