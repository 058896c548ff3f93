import { and, asc, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  centsOf,
  startingFigures,
  type PricingModel,
  type Service,
  type ServiceExtra,
  type ServiceExtraInput,
  type ServiceImageFormat,
  type ServiceImageVariants,
  type ServiceInput,
} from '@eclat/shared';
import type { Db, Writer } from '../../db/transaction.ts';
import { serviceExtras, serviceImages, serviceImageVariants, services } from '../../db/schema/index.ts';
import type { ConvertedImage } from './image-variants.ts';
import { imageUrl, type PreparedImage } from './service-image.ts';

const columns = {
  serviceId: services.id,
  title: services.title,
  description: services.description,
  pricing: services.pricing,
  isAvailable: services.isAvailable,
  category: services.category,
  durationMinutes: services.durationMinutes,
  pricingModel: services.pricingModel,
  // Only the image's hash, size and the widths of its copies: the bytes are never read when listing.
  sha256: serviceImages.sha256,
  width: serviceImages.width,
  height: serviceImages.height,
  widths: sql<
    number[] | null
  >`(select array_agg(distinct ${serviceImageVariants.width} order by ${serviceImageVariants.width})
    from ${serviceImageVariants} where ${serviceImageVariants.serviceId} = ${services.id})`,
  formats: sql<
    ServiceImageFormat[] | null
  >`(select array_agg(distinct ${serviceImageVariants.format} order by ${serviceImageVariants.format})
    from ${serviceImageVariants} where ${serviceImageVariants.serviceId} = ${services.id})`,
};

type Row = {
  serviceId: string;
  title: string;
  description: string;
  pricing: number;
  isAvailable: boolean;
  category: string;
  durationMinutes: number;
  pricingModel: PricingModel;
  sha256: string | null;
  width: number | null;
  height: number | null;
  widths: number[] | null;
  formats: ServiceImageFormat[] | null;
};

function variantsOf({ sha256, width, height, widths, formats }: Row): ServiceImageVariants | null {
  if (!sha256 || !width || !height || !widths?.length || !formats?.length) return null;
  return { width, height, widths, formats };
}

const toService = (row: Row, extras: ServiceExtra[]): Service => {
  const { sha256, width: _width, height: _height, widths: _widths, formats: _formats, ...fields } = row;
  return { ...fields, image: imageUrl(row.serviceId, sha256), imageVariants: variantsOf(row), extras };
};

/** The extras of these services, in order, by service (one query whatever the count). */
export async function findExtras(
  db: Db,
  serviceIds: readonly string[],
): Promise<Map<string, ServiceExtra[]>> {
  const byService = new Map<string, ServiceExtra[]>();
  if (serviceIds.length === 0) return byService;
  const rows = await db
    .select()
    .from(serviceExtras)
    .where(inArray(serviceExtras.serviceId, [...serviceIds]))
    .orderBy(asc(serviceExtras.serviceId), asc(serviceExtras.position));
  for (const row of rows) {
    const list = byService.get(row.serviceId) ?? [];
    list.push({
      extraId: row.id,
      title: { en: row.titleEn, fr: row.titleFr },
      priceCents: row.priceCents,
      minutes: row.minutes,
    });
    byService.set(row.serviceId, list);
  }
  return byService;
}

async function withExtras(db: Db, rows: Row[]): Promise<Service[]> {
  const extras = await findExtras(
    db,
    rows.map((row) => row.serviceId),
  );
  return rows.map((row) => toService(row, extras.get(row.serviceId) ?? []));
}

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
  return withExtras(db, rows);
}

export async function findService(db: Db, id: string): Promise<Service | undefined> {
  const [row] = await db
    .select(columns)
    .from(services)
    .leftJoin(serviceImages, eq(serviceImages.serviceId, services.id))
    .where(eq(services.id, id));
  return row ? (await withExtras(db, [row]))[0] : undefined;
}

export type ServiceFields = Omit<ServiceInput, 'image' | 'extras'> & { isAvailable: boolean };

/**
 * The row's columns: with a model other than flat, `pricing` and `durationMinutes` become its "from"
 * figures (decision 025), so the spec's clients show a price that means something.
 */
function rowOf(fields: ServiceFields, currentModel: PricingModel | undefined) {
  const pricingModel = fields.pricingModel ?? currentModel ?? { kind: 'flat' };
  const figures = startingFigures(pricingModel, {
    cents: centsOf(fields.pricing),
    minutes: fields.durationMinutes,
  });
  return { ...fields, pricingModel, pricing: figures.cents / 100, durationMinutes: figures.minutes };
}

/**
 * Replaces a service's extras with the list given (absent: kept): an `extraId` of this service keeps
 * that extra (its id stays, so visits and series that chose it still find it); others are added.
 */
async function saveExtras(db: Db, serviceId: string, extras: readonly ServiceExtraInput[] | undefined) {
  if (extras === undefined) return;
  const current = await db
    .select({ id: serviceExtras.id })
    .from(serviceExtras)
    .where(eq(serviceExtras.serviceId, serviceId));
  const currentIds = new Set(current.map((row) => row.id));
  const keptIds = extras.flatMap((extra) =>
    extra.extraId && currentIds.has(extra.extraId) ? [extra.extraId] : [],
  );
  await db
    .delete(serviceExtras)
    .where(
      and(
        eq(serviceExtras.serviceId, serviceId),
        keptIds.length ? notInArray(serviceExtras.id, keptIds) : undefined,
      ),
    );
  for (const [position, extra] of extras.entries()) {
    const values = {
      position,
      titleEn: extra.title.en,
      titleFr: extra.title.fr,
      priceCents: extra.priceCents,
      minutes: extra.minutes,
    };
    if (extra.extraId && currentIds.has(extra.extraId)) {
      await db.update(serviceExtras).set(values).where(eq(serviceExtras.id, extra.extraId));
    } else {
      await db.insert(serviceExtras).values({ ...values, serviceId });
    }
  }
}

/** A database or one of its transactions (the demo seed writes pictures inside its own). */

/** Writes the copies of the picture that is stored now (replacing any others). */
async function saveVariants(db: Writer, serviceId: string, variants: ConvertedImage['variants']) {
  await db.delete(serviceImageVariants).where(eq(serviceImageVariants.serviceId, serviceId));
  if (variants.length > 0) {
    await db.insert(serviceImageVariants).values(variants.map((variant) => ({ serviceId, ...variant })));
  }
}

/** The original, its size and its copies, replaced together (call inside a transaction). */
export async function saveServiceImage(
  db: Writer,
  serviceId: string,
  image: PreparedImage | null | undefined,
) {
  if (image === undefined) return;
  if (image === null) {
    await db.delete(serviceImages).where(eq(serviceImages.serviceId, serviceId));
    return;
  }
  const { variants, ...original } = image;
  await db
    .insert(serviceImages)
    .values({ serviceId, ...original })
    .onConflictDoUpdate({ target: serviceImages.serviceId, set: { ...original, updatedAt: new Date() } });
  await saveVariants(db, serviceId, variants);
}

export async function createService(
  db: Db,
  fields: ServiceFields,
  extras: readonly ServiceExtraInput[] | undefined,
  image: PreparedImage | null | undefined,
): Promise<string> {
  const [row] = await db.insert(services).values(rowOf(fields, undefined)).returning({ id: services.id });
  if (!row) throw new Error('The service was not created.');
  await saveExtras(db, row.id, extras ?? []);
  await saveServiceImage(db, row.id, image);
  return row.id;
}

/** Returns false when there is no such service. */
export async function updateService(
  db: Db,
  id: string,
  fields: ServiceFields,
  extras: readonly ServiceExtraInput[] | undefined,
  image: PreparedImage | null | undefined,
): Promise<boolean> {
  const [current] = await db
    .select({ pricingModel: services.pricingModel })
    .from(services)
    .where(eq(services.id, id))
    .for('update');
  if (!current) return false;
  await db.update(services).set(rowOf(fields, current.pricingModel)).where(eq(services.id, id));
  await saveExtras(db, id, extras);
  await saveServiceImage(db, id, image);
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

/** One copy of a picture, by its exact format and width. */
export async function findServiceImageVariant(db: Db, id: string, format: ServiceImageFormat, width: number) {
  const [row] = await db
    .select({ content: serviceImageVariants.content, sha256: serviceImages.sha256 })
    .from(serviceImageVariants)
    .innerJoin(serviceImages, eq(serviceImages.serviceId, serviceImageVariants.serviceId))
    .where(
      and(
        eq(serviceImageVariants.serviceId, id),
        eq(serviceImageVariants.format, format),
        eq(serviceImageVariants.width, width),
      ),
    );
  return row;
}

/**
 * The width of the copy that answers a request for `wanted` pixels (any, when absent): the narrowest copy at
 * least that wide, else the widest. Undefined when the picture has no copies (yet).
 */
export async function findVariantWidth(
  db: Db,
  id: string,
  format: ServiceImageFormat,
  wanted: number | undefined,
): Promise<number | undefined> {
  const width = serviceImageVariants.width;
  const order =
    wanted === undefined
      ? [desc(width)]
      : [
          sql`${width} >= ${wanted} desc`,
          sql`case when ${width} >= ${wanted} then ${width} else -${width} end`,
        ];
  const [row] = await db
    .select({ width })
    .from(serviceImageVariants)
    .where(and(eq(serviceImageVariants.serviceId, id), eq(serviceImageVariants.format, format)))
    .orderBy(...order)
    .limit(1);
  return row?.width;
}

/** Pictures stored before their copies existed (see `image-backfill.ts`), a few at a time, by id. */
export async function findImagesWithoutVariants(db: Db, limit: number, after?: string) {
  return db
    .select({ serviceId: serviceImages.serviceId, sha256: serviceImages.sha256 })
    .from(serviceImages)
    .where(
      and(isNull(serviceImages.width), after === undefined ? undefined : gt(serviceImages.serviceId, after)),
    )
    .orderBy(asc(serviceImages.serviceId))
    .limit(limit);
}

export async function findImageContent(db: Db, serviceId: string, sha256: string) {
  const [row] = await db
    .select({ content: serviceImages.content })
    .from(serviceImages)
    .where(and(eq(serviceImages.serviceId, serviceId), eq(serviceImages.sha256, sha256)));
  return row?.content;
}

/**
 * Stores the copies of a picture made after it was stored, unless it was replaced, removed or given its
 * copies by someone else meanwhile (the row is locked and checked). Returns whether it stored them.
 */
export async function saveLateVariants(
  db: Db,
  serviceId: string,
  sha256: string,
  converted: ConvertedImage,
): Promise<boolean> {
  const updated = await db
    .update(serviceImages)
    .set({ width: converted.width, height: converted.height })
    .where(
      and(
        eq(serviceImages.serviceId, serviceId),
        eq(serviceImages.sha256, sha256),
        isNull(serviceImages.width),
      ),
    )
    .returning({ serviceId: serviceImages.serviceId });
  if (updated.length === 0) return false;
  await saveVariants(db, serviceId, converted.variants);
  return true;
}
