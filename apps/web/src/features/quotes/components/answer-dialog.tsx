import {
  MAX_VISIT_MINUTES,
  TEXT_LIMITS,
  centsFromDollars,
  dollarsFromCents,
  type Quote,
} from '@eclat/shared';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { useErrorToast } from '@/lib/error-toast';
import { useTranslation } from '@/lib/i18n';

import { useAnswerQuote } from '../api/answer-quote';

type Errors = { price?: string; hours?: string };

/**
 * The admin answers a quote request (issue 16): the price in dollars, the visit's length in hours (the
 * accepted visit takes it, which decides the times offered) and a message; the customer is emailed.
 */
export function AnswerDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = useAnswerQuote();
  const showError = useErrorToast();
  const [price, setPrice] = useState(quote.priceCents ? dollarsFromCents(quote.priceCents) : '');
  const [hours, setHours] = useState<number | string>(quote.durationMinutes ? quote.durationMinutes / 60 : 3);
  const [message, setMessage] = useState(quote.message ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const priceCents = centsFromDollars(price);
    const durationMinutes = Math.round(Number(hours) * 60);
    const found: Errors = {};
    if (priceCents === null || priceCents < 1) found.price = t('quotes.errors.price');
    if (hours === '' || !Number.isFinite(durationMinutes) || durationMinutes < 30 || durationMinutes > 720)
      found.hours = t('quotes.errors.duration');
    if (found.price || found.hours || priceCents === null) {
      setErrors(found);
      return;
    }
    answer.mutate(
      { quoteId: quote.quoteId, input: { priceCents, durationMinutes, message } },
      {
        onSuccess: () => {
          notifySuccess(t('quotes.admin.answered'));
          onClose();
        },
        onError: showError,
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('quotes.admin.answerTitle', { name: `${quote.customerFirstName} ${quote.customerLastName}` })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('quotes.admin.answerIntro')}
          </Text>
          <TextInput
            label={t('quotes.admin.price')}
            description={t('quotes.admin.priceHint')}
            inputMode="decimal"
            required
            data-autofocus
            value={price}
            error={errors.price}
            onChange={(event) => {
              setPrice(event.currentTarget.value);
              setErrors((current) => ({ ...current, price: undefined }));
            }}
          />
          <NumberInput
            label={t('quotes.admin.hours')}
            description={t('quotes.admin.hoursHint')}
            required
            min={0.5}
            max={MAX_VISIT_MINUTES / 60}
            step={0.5}
            decimalScale={2}
            value={hours}
            error={errors.hours}
            onChange={(value) => {
              setHours(value);
              setErrors((current) => ({ ...current, hours: undefined }));
            }}
          />
          <Textarea
            label={t('quotes.admin.message')}
            autosize
            minRows={3}
            maxLength={TEXT_LIMITS.quoteMessage}
            value={message}
            onChange={(event) => {
              setMessage(event.currentTarget.value);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={answer.isPending}>
              {t('quotes.admin.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
