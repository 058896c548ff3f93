import type { ServiceInput } from '@eclat/shared';
import type { Jobs } from '../../plugins/jobs.ts';
import type { PreparedImage } from './service-image.ts';
import { createService, updateService, type ServiceFields } from './services.repository.ts';

type Extras = ServiceInput['extras'];

/**
 * The admin adds a service: its row, extras and picture (converted beforehand, so no connection is held
 * while the copies are made) in one transaction. Returns its id.
 */
export async function addService(
  jobs: Jobs,
  fields: ServiceFields,
  extras: Extras,
  image: PreparedImage | undefined,
): Promise<string> {
  return jobs.transaction((tx) => createService(tx.db, fields, extras, image));
}

/** The admin changes a service (`image`: null removes the picture, undefined keeps it). False when unknown. */
export async function changeService(
  jobs: Jobs,
  id: string,
  fields: ServiceFields,
  extras: Extras,
  image: PreparedImage | null | undefined,
): Promise<boolean> {
  return jobs.transaction((tx) => updateService(tx.db, id, fields, extras, image));
}
