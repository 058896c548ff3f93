import { paths } from '@/config/paths';

/**
 * The quote request form's address, with what is already known: the services chosen (a quote-only
 * service, or a booking outside the area) and the postal code.
 */
export function requestQuoteHref(known: { serviceIds?: readonly string[]; postalCode?: string | null } = {}) {
  const params = new URLSearchParams();
  if (known.serviceIds?.length) params.set('services', known.serviceIds.join(','));
  if (known.postalCode) params.set('postalCode', known.postalCode);
  const query = params.toString();
  return query ? `${paths.requestQuote.getHref()}?${query}` : paths.requestQuote.getHref();
}

/** What the form's address says is known (ids checked later by the schema). */
export function readQuoteSearch(search: URLSearchParams): {
  serviceIds: string[];
  postalCode: string | null;
} {
  const services = search.get('services');
  return {
    serviceIds: services ? services.split(',').filter(Boolean).slice(0, 10) : [],
    postalCode: search.get('postalCode'),
  };
}
