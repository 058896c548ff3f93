import type { AppointmentStatus, VisitStepSummary } from '@eclat/shared';
import { Text, type TextProps } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

/**
 * Where a visit is in the field, in the customer's words (issue 30): "Émile is on the way", "Cleaning in
 * progress", "Completed"... Nothing while it is planned or once cancelled. A polite live region: My
 * Appointments reads the list again every 30 s and a screen reader hears the change.
 */
export function VisitStepText({
  step,
  status,
  ...props
}: { step: VisitStepSummary | null; status: AppointmentStatus } & TextProps) {
  const { t } = useTranslation();
  if (!step || status === 'cancelled') return null;
  let text: string;
  if (step.step === 'onTheWay') {
    const who = step.byFirstName
      ? t('visitSteps.customer.onTheWay', { name: step.byFirstName })
      : t('visitSteps.customer.onTheWayAnonymous');
    text =
      step.etaMinutes === null ? who : `${who} ${t('visitSteps.customer.eta', { minutes: step.etaMinutes })}`;
  } else {
    text = t(`visitSteps.customer.${step.step}`);
  }
  return (
    <Text role="status" aria-live="polite" fw={700} c="eclat.8" {...props}>
      {text}
    </Text>
  );
}
