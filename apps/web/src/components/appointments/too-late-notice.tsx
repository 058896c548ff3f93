import { Anchor, Text } from '@mantine/core';
import { changeDeadline, phoneHref, type Locale } from '@eclat/shared';
import { useTranslation } from '@/lib/i18n';

import { useSelfServicePolicy } from '@/lib/api/get-self-service-policy';
import { formatBusinessDate, formatBusinessTime } from '@/lib/business-time';

/**
 * Inside the change cut-off (decision 027): the visit can no longer be moved or cancelled online, and
 * whom to call instead.
 */
export function TooLateNotice({
  short = false,
  lateFee,
}: {
  short?: boolean;
  /** The owner's late-cancellation fee, written out (decision 057): cancelling online is still allowed. */
  lateFee?: string | undefined;
}) {
  const { t } = useTranslation();
  const policy = useSelfServicePolicy();
  if (!policy.data) return null;
  const { changeCutoffHours: hours, phone } = policy.data;
  const size = short ? 'xs' : 'sm';
  return (
    <Text size={size} c="dimmed" data-testid="too-late-notice">
      {short
        ? t('myAppointments.tooLateShort')
        : lateFee
          ? t('cardCharges.lateCancel.notice', { count: hours, hours, amount: lateFee })
          : t('myAppointments.tooLate', { count: hours, hours })}{' '}
      <Anchor href={phoneHref(phone)} size={size} fw={600} style={{ whiteSpace: 'nowrap' }}>
        {phone}
      </Anchor>
    </Text>
  );
}

/** Outside the cut-off: until when the customer may still move or cancel the visit online. */
export function ChangeUntil({
  appointmentDate,
  timeZone,
  locale,
}: {
  appointmentDate: string;
  timeZone: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const policy = useSelfServicePolicy();
  if (!policy.data?.changeCutoffHours) return null;
  const deadline = changeDeadline(appointmentDate, policy.data.changeCutoffHours).toISOString();
  const dateTime = `${formatBusinessDate(deadline, timeZone, locale)}, ${formatBusinessTime(deadline, timeZone, locale)}`;
  return (
    <Text size="xs" c="dimmed" data-testid="change-until">
      {t('myAppointments.changeUntil', { dateTime })}
    </Text>
  );
}
