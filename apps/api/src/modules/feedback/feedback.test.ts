import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, feedbackSchema } from '@eclat/shared';
import { eq } from 'drizzle-orm';
import { feedback } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { makeCustomer, signedIn } from '../../../test/factories.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = (await signedIn(app, ['admin'])).headers;
});
afterAll(async () => {
  await app.close();
});

const list = async (url: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    items: res.statusCode === 200 ? z.array(feedbackSchema).parse(res.json()) : [],
  };
};

describe('feedback', () => {
  it('is created hidden whatever the body says, linked to its author and their customer profile', async () => {
    const { user, headers, customerId } = await makeCustomer(app, {
      firstName: 'Zoé',
      lastName: 'Roy',
      phoneNumber: '416-555-0111',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/feedbacks',
      headers,
      payload: {
        stars: 5,
        content: '  Spotless, thank you!  ',
        status: 'VISIBLE',
        customerId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(res.statusCode).toBe(201);
    const created = feedbackSchema.parse(res.json());
    expect(created).toMatchObject({
      status: 'INVISIBLE',
      stars: 5,
      content: 'Spotless, thank you!',
      customerId,
      authorName: user.firstName,
    });
    const [row] = await app.db.select().from(feedback).where(eq(feedback.id, created.feedbackId));
    expect(row?.authorUserId).toBe(user.id);
    expect((await list('/api/v1/feedbacks?status=VISIBLE')).items.map((f) => f.feedbackId)).not.toContain(
      created.feedbackId,
    );
  });

  it('can be left by every signed-in role, never anonymously', async () => {
    for (const role of ['customer', 'employee', 'admin'] as const) {
      const { headers } = await signedIn(app, [role]);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/feedbacks',
            headers,
            payload: { stars: 4, content: 'Good' },
          })
        ).statusCode,
      ).toBe(201);
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/feedbacks',
      payload: { stars: 4, content: 'Good' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the stars and the content', async () => {
    const { headers } = await signedIn(app, ['customer']);
    const cases: [object, string][] = [
      [{ stars: 0, content: 'x' }, 'body.stars:feedback.errors.stars'],
      [{ stars: 6, content: 'x' }, 'body.stars:feedback.errors.stars'],
      [{ stars: 3.5, content: 'x' }, 'body.stars:feedback.errors.stars'],
      [{ stars: 3, content: '   ' }, 'body.content:feedback.errors.contentRequired'],
      [{ stars: 3 }, 'body.content:feedback.errors.contentRequired'],
      [{ stars: 3, content: 'x'.repeat(1001) }, 'body.content:feedback.errors.contentTooLong'],
    ];
    for (const [payload, detail] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/feedbacks', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorBodySchema.parse(res.json()).details?.map((d) => `${d.path}:${d.message}`)).toEqual([
        detail,
      ]);
    }
  });

  it('is published and hidden by an admin with a plain-text body, and anything else is refused', async () => {
    const { headers } = await signedIn(app, ['customer']);
    const created = feedbackSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/feedbacks',
          headers,
          payload: { stars: 5, content: 'Publish me' },
        })
      ).json(),
    );
    const publish = (body: string, who: Record<string, string>) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/feedbacks/${created.feedbackId}/publish`,
        headers: { ...who, 'content-type': 'text/plain' },
        payload: body,
      });

    expect((await publish('VISIBLE', headers)).statusCode).toBe(403);
    const employee = (await signedIn(app, ['employee'])).headers;
    expect((await publish('VISIBLE', employee)).statusCode).toBe(403);
    expect((await publish('VISIBLE', {})).statusCode).toBe(401);
    for (const bad of ['visible', 'PUBLISHED', '', 'VISIBLE INVISIBLE']) {
      const res = await publish(bad, admin);
      expect(res.statusCode, bad).toBe(400);
      expect(errorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
    }
    const shown = await publish('VISIBLE\n', admin);
    expect(shown.statusCode).toBe(200);
    expect(feedbackSchema.parse(shown.json()).status).toBe('VISIBLE');
    expect((await list('/api/v1/feedbacks?status=VISIBLE')).items.map((f) => f.content)).toContain(
      'Publish me',
    );

    expect((await publish('INVISIBLE', admin)).statusCode).toBe(200);
    expect((await list('/api/v1/feedbacks?status=VISIBLE')).items.map((f) => f.content)).not.toContain(
      'Publish me',
    );
  });

  it('shows all feedback only to admins, and lets only admins delete', async () => {
    const { headers } = await signedIn(app, ['customer']);
    const created = feedbackSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/feedbacks',
          headers,
          payload: { stars: 2, content: 'Late' },
        })
      ).json(),
    );
    expect((await list('/api/v1/feedbacks')).status).toBe(401);
    expect((await list('/api/v1/feedbacks?status=INVISIBLE', headers)).status).toBe(403);
    expect((await list('/api/v1/feedbacks', admin)).items.map((f) => f.feedbackId)).toContain(
      created.feedbackId,
    );

    const remove = (who: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: `/api/v1/feedbacks/${created.feedbackId}`, headers: who });
    expect((await remove({})).statusCode).toBe(401);
    expect((await remove(headers)).statusCode).toBe(403);
    expect((await remove(admin)).statusCode).toBe(204);
    expect((await remove(admin)).statusCode).toBe(404);
  });

  it('limits how much one account can post', async () => {
    const { headers } = await signedIn(app, ['customer']);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/feedbacks',
            headers,
            payload: { stars: 5, content: `n${i}` },
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});
