import { Anchor, Button, Group } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

type RecordRowActionsProps = {
  editHref: string;
  /** Navigation state for the edit link (where the form comes back to), if any. */
  editState?: unknown;
  /** Visible texts ("Edit", "Delete") and the names screen readers hear ("Edit Ana Lima"). */
  labels: { edit: string; editAccessible: string; delete: string; deleteAccessible: string };
  /** True while this row's record is being deleted. */
  isDeleting: boolean;
  /** Asks for the confirmation, then deletes. */
  onDelete: () => void;
};

/** The Edit link and Delete button at the end of a table row. */
export function RecordRowActions({
  editHref,
  editState,
  labels,
  isDeleting,
  onDelete,
}: RecordRowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={editHref} state={editState} size="sm" aria-label={labels.editAccessible}>
        <Group gap={4} wrap="nowrap">
          <IconEdit size={16} aria-hidden="true" />
          {labels.edit}
        </Group>
      </Anchor>
      <Button
        size="xs"
        // Red text on a plain button: 5.5:1 (WCAG AA), hovered or not; light red fills fall below it.
        variant="default"
        c="red.9"
        leftSection={<IconTrash size={14} aria-hidden="true" />}
        aria-label={labels.deleteAccessible}
        loading={isDeleting}
        onClick={onDelete}
      >
        {labels.delete}
      </Button>
    </Group>
  );
}
