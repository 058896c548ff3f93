import { centsOf, type PricedService, type Service } from '@eclat/shared';

/** A catalogue service as `priceVisit` reads it: its model, its flat figures in cents, its extras. */
export function pricedServiceOf(service: Service): PricedService {
  return {
    serviceId: service.serviceId,
    title: service.title,
    model: service.pricingModel,
    flatCents: centsOf(service.pricing),
    flatMinutes: service.durationMinutes,
    extras: service.extras,
  };
}
