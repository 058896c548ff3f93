import type { Locale, PayReport } from '@eclat/shared';
import { csvStream, type CsvValue } from '../../lib/csv.ts';
import type { Readable } from 'node:stream';

/**
 * The pay report as CSV for payroll (decision 066): the same figures as the report (one line per
 * visit, one per tip received, then the total), through the exports' `csvStream` (BOM, RFC 4180, the
 * formula guard: a customer named "=HYPERLINK(…)" stays text). Minutes are whole numbers, money dollars
 * with two decimals from integer cents.
 */
const TEXT = {
  en: {
    headers: [
      'Employee',
      'Period start',
      'Period end',
      'Line',
      'Date',
      'Customer',
      'Planned (min)',
      'Worked (min)',
      'Worked from',
      'Difference (min)',
      'Travel (min)',
      'Hourly rate (CAD)',
      'Percent of price',
      'Price before tax (CAD)',
      'Visit pay (CAD)',
      'Travel pay (CAD)',
      'Pay (CAD)',
      'Tip (CAD)',
      'Appointment ID',
    ],
    visit: 'Visit',
    tip: 'Tip',
    total: 'Total',
    steps: 'Steps',
    planned: 'Planned',
  },
  fr: {
    headers: [
      'Employé',
      'Début de la période',
      'Fin de la période',
      'Ligne',
      'Date',
      'Client',
      'Prévu (min)',
      'Travaillé (min)',
      'Travaillé selon',
      'Écart (min)',
      'Déplacement (min)',
      'Taux horaire ($ CA)',
      'Pourcentage du prix',
      'Prix avant taxes ($ CA)',
      'Paie des visites ($ CA)',
      'Paie des déplacements ($ CA)',
      'Paie ($ CA)',
      'Pourboire ($ CA)',
      'N° du rendez-vous',
    ],
    visit: 'Visite',
    tip: 'Pourboire',
    total: 'Total',
    steps: 'Étapes',
    planned: 'Prévu',
  },
} as const;

/** Hundredths of a percent as a number with two decimals ("45.00"). */
const percentOf = (basisPoints: number) =>
  `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;

export function payReportCsv(report: PayReport, locale: Locale): Readable {
  const t = TEXT[locale];
  const who = `${report.employee.firstName} ${report.employee.lastName}`;
  const lead = [who, report.period.from, report.period.to];
  const lines: CsvValue[][] = [
    ...report.visits.map((visit) => [
      ...lead,
      t.visit,
      visit.date,
      visit.customerName,
      visit.plannedMinutes,
      visit.workedMinutes,
      visit.workedFrom === 'steps' ? t.steps : t.planned,
      visit.differenceMinutes,
      visit.travelMinutes,
      visit.rate?.hourlyCents == null ? null : { cents: visit.rate.hourlyCents },
      visit.rate?.percentBasisPoints == null ? null : percentOf(visit.rate.percentBasisPoints),
      { cents: visit.priceCents },
      { cents: visit.visitPayCents },
      { cents: visit.travelPayCents },
      { cents: visit.payCents },
      null,
      visit.appointmentId,
    ]),
    ...report.tips.map((tip) => [
      ...lead,
      t.tip,
      tip.visitDate,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      { cents: tip.cents },
      tip.appointmentId,
    ]),
    [
      ...lead,
      t.total,
      null,
      null,
      report.totals.plannedMinutes,
      report.totals.workedMinutes,
      null,
      report.totals.differenceMinutes,
      report.totals.travelMinutes,
      null,
      null,
      null,
      { cents: report.totals.visitPayCents },
      { cents: report.totals.travelPayCents },
      { cents: report.totals.payCents },
      { cents: report.totals.tipsCents },
      null,
    ],
  ];
  return csvStream(t.headers, [lines], (line) => line);
}
