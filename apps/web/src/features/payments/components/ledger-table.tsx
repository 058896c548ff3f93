import type { LedgerEntry, Locale } from '@eclat/shared';
import { Table, Text } from '@mantine/core';

import { formatBusinessDateTime } from '@/lib/business-time';
import { formatCents } from '@/lib/format-cents';
import { useTranslation } from '@/lib/i18n';

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
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('payments.ledger.empty')}
      </Text>
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
                  {formatBusinessDateTime(entry.createdAt, timeZone, locale)}
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
              <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                {entry.kind === 'refund'
                  ? t('payments.ledger.out', { amount: formatCents(Math.abs(entry.cents), locale) })
                  : formatCents(entry.cents, locale)}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.recordedBy ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
