import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employeeIdParamsSchema, employeeInputSchema, employeeSchema } from '@eclat/shared';
import { notFound } from '../../lib/app-error.ts';
import {
  createEmployee,
  deleteEmployee,
  findEmployee,
  listEmployees,
  toEmployee,
  updateEmployee,
} from './employees.repository.ts';
import { bearer, errors } from '../../lib/route-docs.ts';

const tags = ['employees'];

/** Employees (admin): spec §2 Employees, Add/Edit Employee. */
export const employeesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const adminOnly = app.requireAnyPermission('admin');

  app.get(
    '/employees',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'All employees (admin)',
        security: bearer,
        response: { 200: z.array(employeeSchema), ...errors },
      },
    },
    () => listEmployees(app.db),
  );

  app.get(
    '/employees/:employeeId',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'One employee (admin)',
        security: bearer,
        params: employeeIdParamsSchema,
        response: { 200: employeeSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findEmployee(app.db, request.params.employeeId);
      if (!row) throw notFound('Employee');
      return toEmployee(row);
    },
  );

  app.post(
    '/employees',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Add an employee (admin)',
        security: bearer,
        body: employeeInputSchema,
        response: { 201: employeeSchema, ...errors },
      },
    },
    // A taken email is the unique index's 409 on body.email (plugins/errors.ts), whatever the timing.
    async (request, reply) => reply.code(201).send(toEmployee(await createEmployee(app.db, request.body))),
  );

  app.put(
    '/employees/:employeeId',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Change an employee (admin)',
        security: bearer,
        params: employeeIdParamsSchema,
        body: employeeInputSchema,
        response: { 200: employeeSchema, ...errors },
      },
    },
    async (request) => {
      const row = await updateEmployee(app.db, request.params.employeeId, request.body);
      if (!row) throw notFound('Employee');
      return toEmployee(row);
    },
  );

  app.delete(
    '/employees/:employeeId',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Delete an employee, with their availabilities and shifts (admin)',
        security: bearer,
        params: employeeIdParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteEmployee(app.db, request.params.employeeId))) throw notFound('Employee');
      return reply.code(204).send();
    },
  );

  done();
};
