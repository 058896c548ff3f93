import {
  asksAnything,
  homeNeeds,
  priceVisit,
  pricingIssues,
  relevantHome,
  type HomeNeeds,
  type PricingIssue,
  type Service,
  type VisitPrice,
} from '@eclat/shared';

import type { BookingHome } from './booking-home';
import { pricedServiceOf } from './priced-service';

export type VisitEstimate = {
  needs: HomeNeeds;
  /** False when the services need nothing: the home step is skipped. */
  asks: boolean;
  /** The home and extras these services read (what else was typed is left out), and the postal code. */
  choice: BookingHome;
  issues: PricingIssue[];
  /** The price and length, once the home says what the services need. */
  price: VisitPrice | null;
};

/**
 * The live price and length of the visit being booked, with the server's own function (`priceVisit`),
 * so the page shows what the booking will cost and how long the team needs.
 */
export function estimateVisit(
  services: readonly Service[],
  choice: BookingHome,
  discountPercent = 0,
  /** The service area's travel surcharge for the postal code (`homePlace`), in cents. */
  surchargeCents = 0,
): VisitEstimate {
  const priced = services.map(pricedServiceOf);
  const needs = homeNeeds(priced);
  const offered = new Set(needs.extras.map((extra) => extra.extraId));
  const relevant: BookingHome = {
    home: relevantHome(needs, choice.home),
    extraIds: choice.extraIds.filter((id) => offered.has(id)),
    ...(choice.place !== undefined && { place: choice.place }),
  };
  const issues = pricingIssues(priced, relevant.home, relevant.extraIds);
  return {
    needs,
    asks: asksAnything(needs),
    choice: relevant,
    issues,
    price:
      issues.length > 0
        ? null
        : priceVisit({
            services: priced,
            home: relevant.home,
            extraIds: relevant.extraIds,
            surchargeCents,
            discountPercent,
          }),
  };
}
