import {
  defaultEtaMinutes,
  isEndStep,
  MAX_ETA_MINUTES,
  nextSteps,
  TEXT_LIMITS,
  type DispatchVisit,
  type VisitStep,
} from '@eclat/shared';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';

import { isApiError, toErrorCode } from '@/lib/api-client';
import { formatDay } from '@/lib/format-day';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useRecordVisitStep } from '../api/record-visit-step';

type DoorStep = Extract<VisitStep, 'noAccess' | 'cancelledAtDoor'>;
/** A long label ("Customer cancelled at the door", in French too) wraps on a narrow phone. */
const WRAPPING_LABEL = { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } };

const isDoorStep = (step: VisitStep): step is DoorStep => step === 'noAccess' || step === 'cancelledAtDoor';

/**
 * The next visit's big buttons on My Day (issue 30): the next step (On my way, with the minutes told to
 * the customer → Arrived → Done), and "Could not get in" (or "Customer cancelled at the door" once
 * arrived) behind a dialog asking the reason, which is the confirmation. Disabled while a step is sent;
 * a refusal is said in words. One key per step pressed, kept until it is recorded, so a retry after a
 * lost answer is recorded once. Shown for today's visits only (decision 063); `date` is the visit's day,
 * said in the server's refusal of a step before it (STEP_TOO_EARLY).
 */
export function VisitStepButtons({
  visit,
  bufferMinutes,
  date,
}: {
  visit: DispatchVisit;
  bufferMinutes: number;
  date: string;
}) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const record = useRecordVisitStep();
  const keys = useRef(new Map<VisitStep, string>());
  const [eta, setEta] = useState<number | string>(defaultEtaMinutes(bufferMinutes));
  const [door, setDoor] = useState<DoorStep | null>(null);
  const [reason, setReason] = useState('');
  const current = visit.step?.step ?? 'planned';
  const steps = visit.status === 'cancelled' || visit.status === 'completed' ? [] : nextSteps(current);
  if (steps.length === 0 || isEndStep(current)) return null;
  const [main, ...atDoor] = steps;

  const send = (step: VisitStep, extra: { etaMinutes?: number; note?: string } = {}, onDone?: () => void) => {
    if (record.isPending) return;
    const key = keys.current.get(step) ?? globalThis.crypto.randomUUID();
    keys.current.set(step, key);
    record.mutate(
      { appointmentId: visit.appointmentId, body: { step, key, ...extra } },
      {
        onSuccess: () => {
          keys.current.delete(step);
          onDone?.();
        },
      },
    );
  };
  const etaMinutes = typeof eta === 'number' ? eta : undefined;
  const error = record.error;
  const errorText =
    error && !(isApiError(error) && error.kind === 'aborted')
      ? t(`errors.${toErrorCode(error)}`, { day: formatDay(date, locale) })
      : null;

  return (
    <Stack gap="sm">
      {main === 'onTheWay' && (
        <NumberInput
          label={t('visitSteps.eta.label')}
          description={t('visitSteps.eta.description')}
          min={1}
          max={MAX_ETA_MINUTES}
          allowDecimal={false}
          value={eta}
          onChange={setEta}
          suffix={` ${t('visitSteps.eta.unit')}`}
        />
      )}
      {main && !isDoorStep(main) && (
        <Button
          size="xl"
          fullWidth
          loading={record.isPending}
          disabled={record.isPending || (main === 'onTheWay' && etaMinutes === undefined)}
          onClick={() => {
            send(main, main === 'onTheWay' && etaMinutes !== undefined ? { etaMinutes } : {});
          }}
        >
          {t(`visitSteps.actions.${main}`)}
        </Button>
      )}
      <Stack gap="xs">
        {atDoor.filter(isDoorStep).map((step) => (
          <Button
            key={step}
            size="lg"
            fullWidth
            h="auto"
            mih={48}
            py="xs"
            styles={WRAPPING_LABEL}
            variant="outline"
            color="red"
            disabled={record.isPending}
            onClick={() => {
              record.reset();
              setReason('');
              setDoor(step);
            }}
          >
            {t(`visitSteps.actions.${step}`)}
          </Button>
        ))}
      </Stack>
      {errorText && door === null && (
        <Alert color="red" role="alert" title={t('visitSteps.failed')}>
          {errorText}
        </Alert>
      )}
      <Modal
        opened={door !== null}
        onClose={() => {
          if (!record.isPending) setDoor(null);
        }}
        title={door ? t(`visitSteps.door.${door}.title`) : ''}
        closeOnEscape={!record.isPending}
        closeOnClickOutside={!record.isPending}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const note = reason.trim();
            if (door && note)
              send(door, { note }, () => {
                setDoor(null);
              });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{door ? t(`visitSteps.door.${door}.text`) : ''}</Text>
            <Textarea
              label={t('visitSteps.door.reason')}
              required
              autosize
              minRows={3}
              maxLength={TEXT_LIMITS.stepNote}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
              }}
            />
            {errorText && (
              <Alert color="red" role="alert" title={t('visitSteps.failed')}>
                {errorText}
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                disabled={record.isPending}
                onClick={() => {
                  setDoor(null);
                }}
              >
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={record.isPending} disabled={!reason.trim()}>
                {door ? t(`visitSteps.door.${door}.confirm`) : ''}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
