import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCustomerInputSchema,
  customerByEmailQuerySchema,
  customerIdParamsSchema,
  customerListQuerySchema,
  customerSchema,
  profileInputSchema,
} from '@eclat/shared';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { keysetPage } from '../../lib/keyset.ts';
import { parseBody } from '../../lib/parse-body.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  adminUpdateCustomer,
  createCustomer,
  deleteCustomer,
  findCustomers,
  createOwnProfile,
  findCustomerByEmail,
  findCustomerById,
  toCustomer,
  updateProfile,
} from './customers.repository.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { findOwnCustomer, ownsCustomer, requireVerifiedEmail } from '../auth/ownership.ts';

/** The signed-in person's customer profile (spec §2 Profile, §4 profile flow). */
export const customersRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');

  app.get(
    '/customers/byEmail',
    {
      preValidation: signedIn,
      schema: {
        tags: ['customers'],
        summary: "A customer by email: one's own (an admin may ask for anyone). 404 when there is none.",
        security: bearer,
        querystring: customerByEmailQuerySchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const isOwn = request.query.email.toLowerCase() === user.email.toLowerCase();
      if (!isOwn && !user.permissions.has('admin')) throw forbidden('You can only see your own profile.');
      const customer = isOwn
        ? await findOwnCustomer(app.db, user)
        : await findCustomerByEmail(app.db, request.query.email);
      if (!customer) throw notFound('Customer profile');
      return toCustomer(customer);
    },
  );

  app.post(
    '/customers/me',
    {
      preValidation: signedIn,
      schema: {
        tags: ['customers'],
        summary: 'Create my customer profile (the email is my account’s). 409 when I already have one.',
        security: bearer,
        body: profileInputSchema,
        response: { 201: customerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireVerifiedEmail(user);
      if (await findOwnCustomer(app.db, user))
        throw new AppError('CONFLICT', 'You already have a customer profile.');
      if (await findCustomerByEmail(app.db, user.email))
        throw new AppError('CONFLICT', 'A profile with this email already exists.');
      const created = await createOwnProfile(app.db, user, request.body);
      return reply.code(201).send(toCustomer(created));
    },
  );

  app.put(
    '/customers/:customerId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['customers'],
        summary:
          'Update a customer: the owner sends the profile fields (firstName, lastName, phoneNumber, address, companyName); an admin sends the admin form (firstName, lastName, email, phoneNumber, companyName)',
        security: bearer,
        params: customerIdParamsSchema,
        body: z.record(z.string(), z.unknown()),
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const customer = await findCustomerById(app.db, request.params.customerId);
      if (!customer) throw notFound('Customer profile');
      const isAdmin = user.permissions.has('admin');
      // The owner path asks for a verified address; an admin's form needs none.
      const isOwner = isAdmin && !user.emailVerified ? false : await ownsCustomer(app.db, user, customer);
      if (!isOwner && !isAdmin) throw forbidden('You can only change your own profile.');
      // An admin's form carries the email (the profile form never does): it wins, even on the admin's own
      // customer record.
      const isAdminForm = user.permissions.has('admin') && 'email' in request.body;
      const updated =
        isOwner && !isAdminForm
          ? await updateProfile(app.db, customer.id, parseBody(profileInputSchema, request.body))
          : await adminUpdateCustomer(app.db, customer.id, parseBody(adminCustomerInputSchema, request.body));
      if (!updated) throw notFound('Customer profile');
      return toCustomer(updated);
    },
  );

  const adminOnly = app.requireAnyPermission('admin');

  app.get(
    '/customers',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['customers'],
        summary:
          'Customers in name order (admin): ?q= keeps those whose name, email or company hold every word (any case, accents ignored); 50 a page by default (?limit=, at most 200), the next page from the Link header (rel="next")',
        security: bearer,
        querystring: customerListQuerySchema,
        response: { 200: z.array(customerSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { q, limit, before } = request.query;
      const rows = await findCustomers(app.db, { q, limit: limit + 1, before });
      return keysetPage(request, reply, rows, limit, (row) => ({
        key: row.sortKey,
        id: row.customer.customerId,
      })).map((row) => row.customer);
    },
  );

  app.get(
    '/customers/:customerId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['customers'],
        summary: 'One customer (admin)',
        security: bearer,
        params: customerIdParamsSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const customer = await findCustomerById(app.db, request.params.customerId);
      if (!customer) throw notFound('Customer');
      return toCustomer(customer);
    },
  );

  app.post(
    '/customers',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['customers'],
        summary: 'Create a customer (admin)',
        security: bearer,
        body: adminCustomerInputSchema,
        response: { 201: customerSchema, ...errors },
      },
    },
    // A taken email is the unique index's 409 on body.email (plugins/errors.ts), whatever the timing.
    async (request, reply) => reply.code(201).send(toCustomer(await createCustomer(app.db, request.body))),
  );

  app.delete(
    '/customers/:customerId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['customers'],
        summary:
          'Delete a customer who has no appointments (admin); otherwise 409, so no appointment is orphaned',
        security: bearer,
        params: customerIdParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    // Appointments keep their customer (a restricting foreign key): 409 on params.customerId (plugins/errors.ts).
    async (request, reply) => {
      if (!(await deleteCustomer(app.db, request.params.customerId))) throw notFound('Customer');
      return reply.code(204).send();
    },
  );

  done();
};
