import { z } from '../zod.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { PHONE_PATTERN } from './customers.ts';
import { optionalPostalCodeSchema } from './service-area.ts';

export const employeeSchema = z
  .object({
    employeeId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    /** Free text (spec §3), e.g. "Team lead". */
    role: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'Employee' });
export type Employee = z.infer<typeof employeeSchema>;

const required = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong');

/** An email the form must have: "required" when empty, "email" when malformed. */
const requiredEmail = () =>
  z
    .email({
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.email',
    })
    .max(TEXT_LIMITS.email, 'validation.tooLong');

/** Body of `POST /employees` and `PUT /employees/{id}` (admin). Active defaults to true (spec §5). */
export const employeeInputSchema = z.object({
  firstName: required(TEXT_LIMITS.personName),
  lastName: required(TEXT_LIMITS.personName),
  email: requiredEmail(),
  phoneNumber: required(30).regex(PHONE_PATTERN, 'validation.phone'),
  role: required(60),
  isActive: z.boolean().default(true),
});
export type EmployeeInput = z.input<typeof employeeInputSchema>;

export const employeeIdParamsSchema = z.object({ employeeId: z.uuid() });

/** Body of the admin's `POST /customers` and `PUT /customers/{id}` (spec §2 Create New Customer / Edit Customer). */
export const adminCustomerInputSchema = z.object({
  firstName: required(TEXT_LIMITS.personName),
  lastName: required(TEXT_LIMITS.personName),
  email: requiredEmail(),
  phoneNumber: required(30).regex(PHONE_PATTERN, 'validation.phone'),
  companyName: z
    .string()
    .trim()
    .max(TEXT_LIMITS.companyName, 'validation.tooLong')
    .nullish()
    .transform((value) => (value?.length ? value : null)),
  /** Optional (issue 16); absent keeps it, empty clears it. */
  postalCode: optionalPostalCodeSchema,
});
export type AdminCustomerInput = z.input<typeof adminCustomerInputSchema>;
