import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

import { useTranslation } from '@/lib/i18n';

import { useLedgerWriteInFlight, type LedgerSegment } from '../api/ledger-writes';

/**
 * The dialog of one of the office's ledger writes. A click beside it never closes it (a second press on
 * a step that got shorter lands there). While its write waits for the server, Esc and ✕ do nothing and
 * ✕ is disabled: closing then would lose the answer (recorded, or why not) and invite a second write.
 * The form closes it itself once recorded. Its form mounts with each opening (a new idempotency key).
 */
export function LedgerModal({
  segment,
  title,
  opened,
  onClose,
  children,
}: {
  segment: LedgerSegment;
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const inFlight = useLedgerWriteInFlight(segment);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!inFlight) onClose();
      }}
      title={title}
      size="md"
      closeOnClickOutside={false}
      closeOnEscape={!inFlight}
      closeButtonProps={{ disabled: inFlight, 'aria-label': t('common.close') }}
    >
      {opened && children}
    </Modal>
  );
}
