import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  customerByEmailQuerySchema,
  customerIdParamsSchema,
  customerSchema,
  errorBodySchema,
  profileInputSchema,
} from '@eclat/shared';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  createOwnProfile,
  findCustomerByEmail,
  findCustomerById,
  findOwnCustomer,
  isOwnedBy,
  toCustomer,
  updateProfile,
} from './customers.repository.ts';

const bearer = [{ bearerAuth: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** The signed-in person's customer profile (spec §2 Profile, §4 profile flow). */
export const customersRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');

  app.get(
    '/customers/byEmail',
    {
      preHandler: signedIn,
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
      preHandler: signedIn,
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
      preHandler: signedIn,
      schema: {
        tags: ['customers'],
        summary: 'Update my customer profile (own record only)',
        security: bearer,
        params: customerIdParamsSchema,
        body: profileInputSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const customer = await findCustomerById(app.db, request.params.customerId);
      if (!customer) throw notFound('Customer profile');
      if (!isOwnedBy(customer, user)) throw forbidden('You can only change your own profile.');
      const updated = await updateProfile(app.db, customer.id, request.body);
      if (!updated) throw notFound('Customer profile');
      return toCustomer(updated);
    },
  );

  done();
};
