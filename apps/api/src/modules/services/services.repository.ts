import { asc, eq, sql } from 'drizzle-orm';
import type { Service, ServiceInput } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { serviceImages, services } from '../../db/schema/index.ts';
import { imageUrl, type DecodedImage } from './service-image.ts';

const columns = {
  serviceId: services.id,
  title: services.title,
  description: services.description,
  pricing: services.pricing,
  isAvailable: services.isAvailable,
  category: services.category,
  durationMinutes: services.durationMinutes,
  // Only the image's hash: the bytes are never read when listing.
  sha256: serviceImages.sha256,
};

type Row = {
  serviceId: string;
  title: string;
  description: string;
  pricing: number;
  isAvailable: boolean;
  category: string;
  durationMinutes: number;
  sha256: string | null;
};

const toService = ({ sha256, ...row }: Row): Service => ({ ...row, image: imageUrl(row.serviceId, sha256) });

export type ServiceFilter = { includeUnavailable: boolean; titleContains?: string };

export async function findServices(db: Db, filter: ServiceFilter): Promise<Service[]> {
  const conditions = [];
  if (!filter.includeUnavailable) conditions.push(eq(services.isAvailable, true));
  if (filter.titleContains) {
    // Case-insensitive substring match (served by the trigram index on lower(title)).
    const pattern = `%${filter.titleContains.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(sql`lower(${services.title}) like ${pattern}`);
  }
  const rows = await db
    .select(columns)
    .from(services)
    .leftJoin(serviceImages, eq(serviceImages.serviceId, services.id))
    .where(conditions.length ? sql.join(conditions, sql` and `) : undefined)
    .orderBy(asc(services.title), asc(services.id));
  return rows.map(toService);
}

export async function findService(db: Db, id: string): Promise<Service | undefined> {
  const [row] = await db
    .select(columns)
    .from(services)
    .leftJoin(serviceImages, eq(serviceImages.serviceId, services.id))
    .where(eq(services.id, id));
  return row ? toService(row) : undefined;
}

type Fields = Omit<ServiceInput, 'image'> & { isAvailable: boolean };

async function saveImage(db: Db, serviceId: string, image: DecodedImage | null | undefined) {
  if (image === undefined) return;
  if (image === null) {
    await db.delete(serviceImages).where(eq(serviceImages.serviceId, serviceId));
    return;
  }
  await db
    .insert(serviceImages)
    .values({ serviceId, ...image })
    .onConflictDoUpdate({ target: serviceImages.serviceId, set: { ...image, updatedAt: new Date() } });
}

export async function createService(
  db: Db,
  fields: Fields,
  image: DecodedImage | null | undefined,
): Promise<string> {
  const [row] = await db.insert(services).values(fields).returning({ id: services.id });
  if (!row) throw new Error('The service was not created.');
  await saveImage(db, row.id, image);
  return row.id;
}

/** Returns false when there is no such service. */
export async function updateService(
  db: Db,
  id: string,
  fields: Fields,
  image: DecodedImage | null | undefined,
): Promise<boolean> {
  const updated = await db
    .update(services)
    .set(fields)
    .where(eq(services.id, id))
    .returning({ id: services.id });
  if (updated.length === 0) return false;
  await saveImage(db, id, image);
  return true;
}

export async function deleteService(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(services).where(eq(services.id, id)).returning({ id: services.id });
  return deleted.length > 0;
}

export async function findServiceImage(db: Db, id: string) {
  const [row] = await db
    .select({
      mimeType: serviceImages.mimeType,
      content: serviceImages.content,
      sha256: serviceImages.sha256,
      isAvailable: services.isAvailable,
    })
    .from(serviceImages)
    .innerJoin(services, eq(services.id, serviceImages.serviceId))
    .where(eq(serviceImages.serviceId, id));
  return row;
}
