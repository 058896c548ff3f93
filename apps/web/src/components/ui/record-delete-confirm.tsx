import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

/**
 * The confirmation asked before a record is deleted: a title ("Delete this customer?"), a sentence
 * naming it, a red confirm button and Cancel. `onConfirm` runs only when the person confirms.
 */
export function confirmRecordDelete(
  t: TFunction,
  {
    title,
    text,
    confirm,
    onConfirm,
  }: { title: string; text: string; confirm: string; onConfirm: () => void },
): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel: t('common.cancel') },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
