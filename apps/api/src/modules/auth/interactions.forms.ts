import { isLocale, type Locale } from '@eclat/shared';
import { z } from 'zod';

/**
 * What each account page reads from its request (the sign-in, sign-up, forgot, verify and reset pages of
 * `interactions.routes.ts`). A posted form's field is its text, or '' when it is missing or not one text
 * (a field sent twice, a JSON body's other types): a page never fails to parse, it answers with its own
 * message, field by field, from the rules of `interactions.service.ts`.
 */

/** One text field: its text, else ''. */
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value : ''));
const trimmed = text.transform((value) => value.trim());
/** `?lang=`: a language we speak, else none. */
const lang = z
  .unknown()
  .optional()
  .transform((value): Locale | undefined => (isLocale(value) ? value : undefined));

/** A form or a query of the given fields; a body that is not an object has none of them. */
function formOf<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.preprocess(
    (body) => (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}),
    z.object(shape),
  );
}

/** Every page's query: `?lang=`. */
export const pageQuerySchema = formOf({ lang });
/** The query of an emailed link's page: its token and `?lang=`. */
export const tokenQuerySchema = formOf({ token: text, lang });

export const loginFormSchema = formOf({ email: trimmed, password: text });
export const registerFormSchema = formOf({
  firstName: trimmed,
  lastName: trimmed,
  email: trimmed,
  password: text,
});
export const forgotFormSchema = formOf({ email: trimmed });
export const verifyEmailFormSchema = formOf({ password: text });
export const resetFormSchema = formOf({ password: text, confirm: text });

export type LoginForm = z.output<typeof loginFormSchema>;
export type RegisterForm = z.output<typeof registerFormSchema>;
export type ResetForm = z.output<typeof resetFormSchema>;
