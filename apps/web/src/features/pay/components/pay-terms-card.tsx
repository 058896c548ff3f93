import { centsFromDollars, formatCents, type Locale, type PayKind, type PayRate } from '@eclat/shared';
import { Button, Card, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { isApiError } from '@/lib/api-client';
import { toIntlLocale } from '@/lib/format';
import { formatDay } from '@/lib/format-day';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { usePayRates, useSetPayRate } from '../api/pay';
import { ScrollRegion } from './scroll-region';

/** Hundredths of a percent as typed and shown ("45", "45.5"), in the page's language. */
const percentText = (basisPoints: number, locale: Locale) =>
  new Intl.NumberFormat(toIntlLocale(locale), { maximumFractionDigits: 2 }).format(basisPoints / 100);

/** Terms as a sentence: "$25.50 an hour", "45 % of the price before tax". */
export function RateValue({ rate }: { rate: Pick<PayRate, 'kind' | 'hourlyCents' | 'percentBasisPoints'> }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  if (rate.kind === 'hourly')
    return <>{t('pay.terms.hourlyValue', { amount: formatCents(rate.hourlyCents ?? 0, locale) })}</>;
  return <>{t('pay.terms.percentValue', { percent: percentText(rate.percentBasisPoints ?? 0, locale) })}</>;
}

/**
 * An employee's pay terms (issue 30 §6, decision 066): the history, oldest first, and a form for terms
 * from a day on (hourly in dollars, or a percent of the visit's price before tax). The server checks
 * every rule; the form only turns the typed amount into cents or hundredths of a percent.
 */
export function PayTermsCard({ employeeId }: { employeeId: string }) {
  const { t, i18n } = useTranslation();
  const locale = useLanguage();
  const rates = usePayRates(employeeId);
  const save = useSetPayRate(employeeId);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [kind, setKind] = useState<PayKind>('hourly');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ date?: string; amount?: string }>({});

  const serverError = (path: string) => {
    if (!isApiError(save.error)) return undefined;
    const key = save.error.details.find((detail) => detail.path === path)?.message;
    return key && i18n.exists(key) ? t(key) : undefined;
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = centsFromDollars(amount);
    const next = {
      date: effectiveFrom ? undefined : t('pay.terms.dateInvalid'),
      amount: value === null ? t('pay.terms.amountInvalid') : undefined,
    };
    setErrors(next);
    if (next.date || next.amount || value === null) return;
    save.mutate(
      kind === 'hourly'
        ? { effectiveFrom, kind, hourlyCents: value }
        : { effectiveFrom, kind, percentBasisPoints: value },
      {
        onSuccess: () => {
          notifySuccess(t('pay.terms.saved'));
          setAmount('');
        },
        onError: () => {
          notifyFailure(t('pay.terms.saveFailed'), t('validation.invalid'));
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pay-terms-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3" id="pay-terms-title">
            {t('pay.terms.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('pay.terms.hint')}
          </Text>
        </Stack>
        {rates.isError ? (
          <LoadErrorAlert message={t('pay.terms.loadError')} onRetry={() => void rates.refetch()} />
        ) : !rates.data ? (
          <LoadingSkeleton count={2} />
        ) : rates.data.rates.length === 0 ? (
          <EmptyState>{t('pay.terms.empty')}</EmptyState>
        ) : (
          <ScrollRegion label={t('pay.terms.history')}>
            <Table miw={360}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('pay.terms.from')}</Table.Th>
                  <Table.Th scope="col">{t('pay.terms.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rates.data.rates.map((rate) => (
                  <Table.Tr key={rate.effectiveFrom}>
                    <Table.Td>{formatDay(rate.effectiveFrom, locale)}</Table.Td>
                    <Table.Td>
                      <RateValue rate={rate} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
        <form onSubmit={onSubmit} noValidate aria-labelledby="pay-terms-add">
          <Stack gap="sm">
            <Title order={3} size="h5" id="pay-terms-add">
              {t('pay.terms.add')}
            </Title>
            <Group align="flex-start" gap="md" wrap="wrap">
              <TextInput
                type="date"
                label={t('pay.terms.effectiveFrom')}
                value={effectiveFrom}
                onChange={(event) => {
                  setEffectiveFrom(event.currentTarget.value);
                }}
                error={errors.date ?? serverError('body.effectiveFrom')}
                required
              />
              <Stack gap={4}>
                <Text component="span" size="sm" fw={500} id="pay-terms-kind">
                  {t('pay.terms.kind')}
                </Text>
                <SegmentedControl
                  aria-labelledby="pay-terms-kind"
                  value={kind}
                  onChange={(value) => {
                    setKind(value === 'percent' ? 'percent' : 'hourly');
                  }}
                  data={[
                    { value: 'hourly', label: t('pay.terms.kinds.hourly') },
                    { value: 'percent', label: t('pay.terms.kinds.percent') },
                  ]}
                />
              </Stack>
              <TextInput
                label={kind === 'hourly' ? t('pay.terms.hourlyLabel') : t('pay.terms.percentLabel')}
                value={amount}
                inputMode="decimal"
                onChange={(event) => {
                  setAmount(event.currentTarget.value);
                }}
                error={
                  errors.amount ??
                  serverError(kind === 'hourly' ? 'body.hourlyCents' : 'body.percentBasisPoints')
                }
                required
              />
            </Group>
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('pay.terms.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
