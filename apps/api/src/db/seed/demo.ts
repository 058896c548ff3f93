import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../client.ts';
import { appMeta, customers, feedback, serviceImages, services, users } from '../schema/index.ts';
import { DEMO_CUSTOMERS, DEMO_FEEDBACK, DEMO_SERVICES } from './demo-content.ts';

const IMAGES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'images');
const SEED_LOCK_ID = 7_310_405_212;
const INITIALISED_KEY = 'initialised_at';

export type SeedResult = { seeded: boolean; reason: string };

/**
 * Marks the database as initialised and, when it is a brand-new empty database and `withDemo` is set,
 * writes the demo catalogue and feedback. A database that already holds data, or that was initialised
 * before (even if its data were deleted since), is never touched.
 */
export async function initialiseDatabase(
  db: Database,
  options: { withDemo: boolean; logger: Pick<Logger, 'info'> },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const marker = await tx
      .select()
      .from(appMeta)
      .where(sql`${appMeta.key} = ${INITIALISED_KEY}`);
    if (marker.length > 0) return { seeded: false, reason: 'already initialised' };

    const counts = await tx.execute<{ n: number }>(sql`
      select (select count(*) from ${services}) + (select count(*) from ${customers})
           + (select count(*) from ${feedback}) + (select count(*) from ${users}) as n`);
    const hasData = (counts.rows[0]?.n ?? 0) > 0;
    await tx.insert(appMeta).values({ key: INITIALISED_KEY, value: new Date().toISOString() });

    if (hasData) return { seeded: false, reason: 'database already has data' };
    if (!options.withDemo) return { seeded: false, reason: 'SEED_DEMO=false' };

    for (const demo of DEMO_SERVICES) {
      const [row] = await tx
        .insert(services)
        .values({
          title: demo.title,
          description: demo.description,
          pricing: demo.pricing,
          category: demo.category,
          durationMinutes: demo.durationMinutes,
          isAvailable: demo.isAvailable,
        })
        .returning({ id: services.id });
      if (row && demo.image) {
        const content = await fs.readFile(path.join(IMAGES_DIR, demo.image));
        await tx.insert(serviceImages).values({
          serviceId: row.id,
          mimeType: 'image/jpeg',
          content,
          sha256: createHash('sha256').update(content).digest('hex'),
        });
      }
    }

    const customerRows = await tx.insert(customers).values(DEMO_CUSTOMERS).returning({ id: customers.id });
    const day = 24 * 60 * 60 * 1000;
    await tx.insert(feedback).values(
      DEMO_FEEDBACK.map((entry) => {
        const author = DEMO_CUSTOMERS[entry.author];
        const createdAt = new Date(Date.now() - entry.daysAgo * day);
        return {
          customerId: customerRows[entry.author]?.id ?? null,
          authorName: author?.firstName ?? '',
          stars: entry.stars,
          content: entry.content,
          status: entry.status,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    options.logger.info(
      { services: DEMO_SERVICES.length, feedback: DEMO_FEEDBACK.length },
      'wrote demo content into the new database',
    );
    return { seeded: true, reason: 'empty database' };
  });
}
