import { Button } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The small Edit and Delete buttons at the end of a table row (or card). */

type EditRowButtonProps = {
  /** The accessible name, naming the row ("Edit the appointment of ..."). */
  label: string;
  children: ReactNode;
} & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

/** Edit: a link to the edit page, or a button that opens an edit dialog. */
export function EditRowButton({ label, children, to, onClick }: EditRowButtonProps) {
  const icon = <IconEdit size={14} aria-hidden="true" />;
  if (to !== undefined) {
    return (
      <Button component={Link} to={to} size="xs" variant="light" leftSection={icon} aria-label={label}>
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
