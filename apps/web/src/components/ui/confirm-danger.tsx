import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from '@/lib/i18n';

type ConfirmDangerOptions = {
  /** The question ("Delete this customer?", "Sign out everywhere?"). */
  title: string;
  /** A sentence saying what it does or naming the record. */
  text: string;
  /** The red button's words (the action itself). */
  confirm: string;
  /** The other button's words; "Cancel" unless given ("Keep Appointment"). */
  cancel?: string;
  onConfirm: () => void;
};

/**
 * The confirmation asked before something that cannot be undone (deleting a record, cancelling an
 * appointment, signing out everywhere): a title, a sentence, a red confirm button and Cancel.
 * `onConfirm` runs only when the person confirms.
 */
export function confirmDanger(
  t: TFunction,
  { title, text, confirm, cancel, onConfirm }: ConfirmDangerOptions,
): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel: cancel ?? t('common.cancel') },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
