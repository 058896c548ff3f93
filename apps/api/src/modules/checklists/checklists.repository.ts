import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { ChecklistItem, VisitChecklistItem } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import {
  appointmentServices,
  serviceChecklistItems,
  services,
  visitChecklistItems,
  visitChecklists,
} from '../../db/schema/index.ts';

/** Whether the service exists (its checklist is its own). */
export async function serviceExists(db: Db, serviceId: string): Promise<boolean> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  return row !== undefined;
}

/** A service's checklist items, in order. */
export async function findServiceChecklist(db: Db, serviceId: string): Promise<ChecklistItem[]> {
  return db
    .select({
      itemId: serviceChecklistItems.id,
      textEn: serviceChecklistItems.textEn,
      textFr: serviceChecklistItems.textFr,
    })
    .from(serviceChecklistItems)
    .where(eq(serviceChecklistItems.serviceId, serviceId))
    .orderBy(asc(serviceChecklistItems.position));
}

/**
 * Replaces a service's checklist by `items`, in order: an item named by one of its `itemId`s is kept (its
 * id, so that a phone showing it still answers the same item), the others are removed or added.
 */
export async function replaceServiceChecklist(
  db: Db,
  serviceId: string,
  items: { itemId?: string | undefined; textEn: string; textFr: string }[],
): Promise<void> {
  const current = new Set((await findServiceChecklist(db, serviceId)).map((item) => item.itemId));
  const isKept = (itemId: string | undefined): itemId is string =>
    itemId !== undefined && current.has(itemId);
  const kept = items.flatMap((item) => (isKept(item.itemId) ? [item.itemId] : []));
  const ofService = eq(serviceChecklistItems.serviceId, serviceId);
  await db
    .delete(serviceChecklistItems)
    .where(kept.length > 0 ? and(ofService, notInArray(serviceChecklistItems.id, kept)) : ofService);
  for (const [position, item] of items.entries()) {
    const values = { serviceId, position, textEn: item.textEn, textFr: item.textFr };
    if (isKept(item.itemId))
      await db.update(serviceChecklistItems).set(values).where(eq(serviceChecklistItems.id, item.itemId));
    else await db.insert(serviceChecklistItems).values(values);
  }
}

/** A visit's services' checklists as they are now, in the visit's order of services, then of items. */
export async function findLiveVisitChecklist(db: Db, appointmentId: string) {
  return db
    .select({
      itemId: serviceChecklistItems.id,
      serviceTitle: appointmentServices.title,
      textEn: serviceChecklistItems.textEn,
      textFr: serviceChecklistItems.textFr,
    })
    .from(appointmentServices)
    .innerJoin(serviceChecklistItems, eq(serviceChecklistItems.serviceId, appointmentServices.serviceId))
    .where(eq(appointmentServices.appointmentId, appointmentId))
    .orderBy(asc(appointmentServices.position), asc(serviceChecklistItems.position));
}

/** When the visit's checklist was copied, or undefined while it has not been. */
export async function findTakenAt(db: Db, appointmentId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ takenAt: visitChecklists.takenAt })
    .from(visitChecklists)
    .where(eq(visitChecklists.appointmentId, appointmentId));
  return row?.takenAt;
}

/**
 * Copies the visit's services' checklists as they are now, once: a visit already copied is left as it is
 * (the caller holds the visit's lock, so two first answers copy once).
 */
export async function takeVisitChecklist(db: Db, appointmentId: string): Promise<void> {
  const [taken] = await db
    .insert(visitChecklists)
    .values({ appointmentId })
    .onConflictDoNothing()
    .returning({ appointmentId: visitChecklists.appointmentId });
  if (!taken) return;
  const live = await findLiveVisitChecklist(db, appointmentId);
  // One service named twice on a visit would list its items twice: the first is kept.
  const seen = new Set<string>();
  const items = live.filter((item) => !seen.has(item.itemId) && seen.add(item.itemId));
  if (items.length === 0) return;
  await db
    .insert(visitChecklistItems)
    .values(items.map((item, position) => ({ appointmentId, position, ...item })));
}

/** A visit's copied checklist, in order. */
export async function findVisitChecklistItems(db: Db, appointmentId: string): Promise<VisitChecklistItem[]> {
  const rows = await db
    .select({
      itemId: visitChecklistItems.itemId,
      serviceTitle: visitChecklistItems.serviceTitle,
      textEn: visitChecklistItems.textEn,
      textFr: visitChecklistItems.textFr,
      ticked: visitChecklistItems.ticked,
      note: visitChecklistItems.note,
      answeredAt: visitChecklistItems.answeredAt,
      answeredByFirstName: visitChecklistItems.answeredByFirstName,
      answeredByOffice: visitChecklistItems.answeredByOffice,
    })
    .from(visitChecklistItems)
    .where(eq(visitChecklistItems.appointmentId, appointmentId))
    .orderBy(asc(visitChecklistItems.position));
  return rows.map((row) => ({ ...row, answeredAt: row.answeredAt?.toISOString() ?? null }));
}

const visitItem = (appointmentId: string, itemId: string) =>
  and(eq(visitChecklistItems.appointmentId, appointmentId), eq(visitChecklistItems.itemId, itemId));

/** One item's answer on a visit's copied checklist, or undefined when the copy has no such item. */
export async function findVisitChecklistItem(db: Db, appointmentId: string, itemId: string) {
  const [row] = await db
    .select({ ticked: visitChecklistItems.ticked, note: visitChecklistItems.note })
    .from(visitChecklistItems)
    .where(visitItem(appointmentId, itemId));
  return row;
}

/** Sets an item's answer, with when and who. */
export async function answerVisitChecklistItem(
  db: Db,
  appointmentId: string,
  itemId: string,
  answer: {
    ticked: boolean;
    note: string | null;
    answeredAt: Date;
    answeredByUserId: string;
    answeredByFirstName: string | null;
    answeredByOffice: boolean;
  },
): Promise<void> {
  await db.update(visitChecklistItems).set(answer).where(visitItem(appointmentId, itemId));
}
