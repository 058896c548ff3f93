import { eq } from 'drizzle-orm';
import { serviceAreaInputSchema, type ServiceAreaSettings } from '@eclat/shared';
import { appMeta } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';

const AREA_KEY = 'service_area';

/** Everywhere is served until the admin lists prefixes (issue 16, decision 026). */
export const EVERYWHERE: ServiceAreaSettings = { prefixes: [] };

/** The service area the admin set, else everywhere. Kept in `app_meta`, like the recurring discounts. */
export async function findServiceArea(db: Db): Promise<ServiceAreaSettings> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, AREA_KEY));
  if (!row) return EVERYWHERE;
  const parsed = serviceAreaInputSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : EVERYWHERE;
}

export async function saveServiceArea(db: Db, area: ServiceAreaSettings): Promise<void> {
  const value = JSON.stringify(area);
  await db
    .insert(appMeta)
    .values({ key: AREA_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}
