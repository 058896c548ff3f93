import type { LedgerEntry, Locale } from '@eclat/shared';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

import { NARROW_SCREEN_QUERY } from '@/components/ui/narrow-screen';
import { formatBusinessTime, toZonedIsoDate } from '@/lib/business-time';
import { formatDay } from '@/lib/format-day';
import { formatCents } from '@/lib/format-cents';
import { useTranslation } from '@/lib/i18n';

/** When a row was recorded, in the business time zone: "Fri, Nov. 27, 2026" and "13:31". */
function recordedAt(entry: LedgerEntry, timeZone: string, locale: Locale) {
  return {
    day: formatDay(toZonedIsoDate(new Date(entry.createdAt), timeZone), locale, 'short'),
    time: formatBusinessTime(entry.createdAt, timeZone, locale),
  };
}

/** A row's kind in words: a fee says which ("Fee: lockout"). */
function useKindText() {
  const { t } = useTranslation();
  return (entry: LedgerEntry) =>
    entry.kind === 'fee' && entry.feeKind
      ? t('payments.ledger.feeOf', { kind: t(`payments.feeKind.${entry.feeKind}`) })
      : t(`payments.kind.${entry.kind}`);
}

/**
 * A visit's ledger (issue 29), oldest row first: when (business time zone), what, how, its reference
 * and note, the amount (a refund as money going out) and who recorded it. Every change is a row; no
 * total is ever overwritten.
 */
export function LedgerTable({
  entries,
  timeZone,
  locale,
}: {
  entries: readonly LedgerEntry[];
  timeZone: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const kindText = useKindText();
  // Phones get one card per row instead of a table to scroll sideways.
  const isNarrow = useMediaQuery(NARROW_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const amountText = (entry: LedgerEntry) =>
    entry.kind === 'refund'
      ? t('payments.ledger.out', { amount: formatCents(Math.abs(entry.cents), locale) })
      : formatCents(entry.cents, locale);
  const howText = (entry: LedgerEntry) =>
    [entry.method ? t(`payments.method.${entry.method}`) : null, entry.reference].filter(Boolean).join(' · ');
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('payments.ledger.empty')}
      </Text>
    );
  }
  if (isNarrow) {
    return (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} data-testid="ledger">
        {entries.map((entry) => {
          const when = recordedAt(entry, timeZone, locale);
          return (
            <Paper component="li" key={entry.id} withBorder radius="sm" p="sm" data-kind={entry.kind}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Text fw={600}>{kindText(entry)}</Text>
                <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {amountText(entry)}
                </Text>
              </Group>
              <Text size="sm">
                <time dateTime={entry.createdAt}>
                  {when.day}, {when.time}
                </time>
              </Text>
              {howText(entry) && <Text size="sm">{howText(entry)}</Text>}
              {entry.note && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {entry.note}
                </Text>
              )}
              {entry.recordedBy && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('payments.ledger.by', { name: entry.recordedBy })}
                </Text>
              )}
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" striped data-testid="ledger">
        <Table.Caption>{t('payments.ledger.caption', { timeZone })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('payments.ledger.date')}</Table.Th>
            <Table.Th scope="col">{t('payments.ledger.kind')}</Table.Th>
            <Table.Th scope="col">{t('payments.ledger.method')}</Table.Th>
            <Table.Th scope="col">{t('payments.ledger.reference')}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'end' }}>
              {t('payments.ledger.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('payments.ledger.recordedBy')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-kind={entry.kind}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.createdAt}>
                  {recordedAt(entry, timeZone, locale).day}
                  <br />
                  {recordedAt(entry, timeZone, locale).time}
                </time>
              </Table.Td>
              <Table.Td>
                {kindText(entry)}
                {entry.note && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {entry.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{entry.method ? t(`payments.method.${entry.method}`) : '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.reference ?? '—'}</Table.Td>
              <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>{amountText(entry)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.recordedBy ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
