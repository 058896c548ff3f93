import { Button, Group } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation';

/** The small Edit and Delete buttons at the end of a table row (or card). */

type EditRowButtonProps = {
  /**
   * The accessible name, naming the row: it starts with the visible words ("Edit the appointment of
   * ...") so a voice user who says what they see reaches it (WCAG 2.5.3, e2e `label-in-name.spec.ts`).
   */
  label: string;
  children: ReactNode;
} & (
  | { to: string; /** Navigation state for the edit page. */ state?: unknown; onClick?: never }
  | { onClick: () => void; to?: never; state?: never }
);

/** Edit: a link to the edit page, or a button that opens an edit dialog. */
export function EditRowButton({ label, children, to, state, onClick }: EditRowButtonProps) {
  const icon = <IconEdit size={14} aria-hidden="true" />;
  if (to !== undefined) {
    return (
      <Button
        component={Link}
        to={to}
        state={state}
        size="xs"
        variant="light"
        leftSection={icon}
        aria-label={label}
      >
        {children}
      </Button>
    );
  }
  return (
    <Button size="xs" variant="light" leftSection={icon} aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

/** Delete (red), busy while that row's deletion runs; it opens the confirmation. */
export function DeleteRowButton({
  label,
  children,
  loading,
  onClick,
}: {
  label: string;
  children: ReactNode;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden="true" />}
      aria-label={label}
      loading={loading}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The Edit link and Delete button at the end of a record's row (employees, customers). */
export function RecordRowActions({
  editHref,
  editState,
  labels,
  isDeleting,
  onDelete,
}: {
  editHref: string;
  /** Navigation state for the edit link (where the form comes back to), if any. */
  editState?: unknown;
  /**
   * Visible texts ("Edit", "Delete") and the names screen readers hear, which start with them
   * ("Edit employee: Ana Lima").
   */
  labels: { edit: string; editAccessible: string; delete: string; deleteAccessible: string };
  /** True while this row's record is being deleted. */
  isDeleting: boolean;
  /** Asks for the confirmation, then deletes. */
  onDelete: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <EditRowButton to={editHref} state={editState} label={labels.editAccessible}>
        {labels.edit}
      </EditRowButton>
      <DeleteRowButton label={labels.deleteAccessible} loading={isDeleting} onClick={onDelete}>
        {labels.delete}
      </DeleteRowButton>
    </Group>
  );
}
