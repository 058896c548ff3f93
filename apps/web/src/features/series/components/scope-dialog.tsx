import { Button, Modal, Stack, Text } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

type ScopeDialogProps = {
  /** What is asked about: changing or cancelling a visit of a series. */
  kind: 'edit' | 'cancel';
  /** The visit's date and time, as the page writes them. */
  dateTime: string;
  opened: boolean;
  onClose: () => void;
  onThisVisit: () => void;
  onAllFuture: () => void;
};

/**
 * The question the spec's Edit and Cancel ask on a visit of a series: this visit only, or this one and
 * every one after it (decision 020). Nothing happens until one of the two is chosen.
 */
export function ScopeDialog({ kind, dateTime, opened, onClose, onThisVisit, onAllFuture }: ScopeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind === 'edit' ? t('series.scope.editTitle') : t('series.scope.cancelTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {kind === 'edit'
            ? t('series.scope.editText', { dateTime })
            : t('series.scope.cancelText', { dateTime })}
        </Text>
        <Stack gap="xs">
          <Button color={kind === 'cancel' ? 'red' : undefined} onClick={onThisVisit}>
            {t('series.scope.thisVisit')}
          </Button>
          <Button variant="light" color={kind === 'cancel' ? 'red' : undefined} onClick={onAllFuture}>
            {t('series.scope.allFuture')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('series.scope.back')}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
