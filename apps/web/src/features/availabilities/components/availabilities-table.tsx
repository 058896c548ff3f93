import type { Availability } from '@eclat/shared';
import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarPlus, IconEdit } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { IconLink } from '@/components/ui/icon-link';
import { NARROW_SCREEN_QUERY } from '@/components/ui/narrow-screen';
import { DeleteRowButton } from '@/components/ui/row-actions';
import { paths } from '@/config/paths';
import { useLanguage } from '@/lib/i18n';

import { shortId } from '../availability-form';
import { formatDay } from '@/lib/format-day';
import { ShiftLabel } from '@/components/staff/shift-label';
import { Detail } from '@/components/ui/detail';

type AvailabilitiesTableProps = {
  availabilities: readonly Availability[];
  caption: string;
  /** My availabilities have an Edit action (an employee changes only their own). */
  canEdit: boolean;
  onDelete: (availability: Availability) => void;
  /** The availability being deleted, if any. */
  deletingId: string | null;
};

export function fullName(availability: Pick<Availability, 'employeeFirstName' | 'employeeLastName'>) {
  return `${availability.employeeFirstName} ${availability.employeeLastName}`.trim();
}

type RowProps = {
  availability: Availability;
  /** Cards let the buttons wrap; table rows keep them on one line. */
  wrap?: boolean;
  canEdit: boolean;
  onDelete: (availability: Availability) => void;
  isDeleting: boolean;
};

/** Edit (mine only), Assign Schedule (with the spec's navigation state) and Delete. */
function AvailabilityActions({ availability, canEdit, onDelete, isDeleting, wrap = false }: RowProps) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const name = fullName(availability);
  const date = formatDay(availability.day, locale);
  const id = availability.availabilityId;
  return (
    <Group gap="xs" wrap={wrap ? 'wrap' : 'nowrap'}>
      {canEdit && (
        <IconLink
          to={paths.editAvailability.getHref(id)}
          icon={<IconEdit size={16} aria-hidden="true" />}
          label={t('availabilities.editLabel', { date })}
        >
          {t('availabilities.edit')}
        </IconLink>
      )}
      <Button
        component={Link}
        to={paths.assignSchedule.getHref(id)}
        state={{
          employeeId: availability.employeeId,
          availabilityId: id,
          availableDate: availability.availableDate,
          shift: availability.shift,
        }}
        size="xs"
        variant="light"
        leftSection={<IconCalendarPlus size={14} aria-hidden="true" />}
        aria-label={t('availabilities.assignLabel', { name, date })}
      >
        {t('availabilities.assign')}
      </Button>
      <DeleteRowButton
        label={t('availabilities.delete.label', { name, date })}
        loading={isDeleting}
        onClick={() => {
          onDelete(availability);
        }}
      >
        {t('availabilities.delete.button')}
      </DeleteRowButton>
    </Group>
  );
}

/** The id shortened to eight characters, the whole id in its title and for screen readers. */
function ShortId({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Text component="code" size="sm" ff="monospace" title={id} aria-hidden="true">
        {shortId(id)}
      </Text>
      <VisuallyHidden>{t('availabilities.idLabel', { id })}</VisuallyHidden>
    </>
  );
}

function Comments({ comments }: { comments: string | null }) {
  const { t } = useTranslation();
  return (
    comments ?? (
      <Text span c="dimmed" size="sm">
        {t('availabilities.notApplicable')}
      </Text>
    )
  );
}

/** One availability as a card (narrow screens). */
function AvailabilityCard(props: RowProps) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const { availability } = props;
  const headingId = `availability-${availability.availabilityId}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} size="h5" id={headingId}>
            <time dateTime={availability.day}>{formatDay(availability.day, locale)}</time>
          </Title>
          <ShiftLabel shift={availability.shift} />
        </Group>
        <Stack component="dl" gap={4} m={0}>
          <Detail term={t('availabilities.columns.employee')}>{fullName(availability)}</Detail>
          <Detail term={t('availabilities.columns.comments')}>
            <Comments comments={availability.comments} />
          </Detail>
          <Detail term={t('availabilities.columns.id')}>
            <ShortId id={availability.availabilityId} />
          </Detail>
        </Stack>
        <AvailabilityActions {...props} wrap />
      </Stack>
    </Paper>
  );
}

/**
 * Availabilities (spec §2): Availability ID (shortened, the whole id in its title), Employee Name,
 * Date, Shift, Comments ('N/A' when empty), then Edit, Assign Schedule and Delete. On a phone, the
 * same facts as one card per availability.
 */
export function AvailabilitiesTable({
  availabilities,
  caption,
  canEdit,
  onDelete,
  deletingId,
}: AvailabilitiesTableProps) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const isNarrow = useMediaQuery(NARROW_SCREEN_QUERY, false, { getInitialValueInEffect: false });

  if (isNarrow) {
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {availabilities.map((availability) => (
            <li key={availability.availabilityId}>
              <AvailabilityCard
                availability={availability}
                canEdit={canEdit}
                onDelete={onDelete}
                isDeleting={deletingId === availability.availabilityId}
              />
            </li>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" striped highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('availabilities.columns.id')}</Table.Th>
            <Table.Th scope="col">{t('availabilities.columns.employee')}</Table.Th>
            <Table.Th scope="col">{t('availabilities.columns.date')}</Table.Th>
            <Table.Th scope="col">{t('availabilities.columns.shift')}</Table.Th>
            <Table.Th scope="col">{t('availabilities.columns.comments')}</Table.Th>
            <Table.Th scope="col">{t('availabilities.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {availabilities.map((availability) => (
            <Table.Tr key={availability.availabilityId}>
              <Table.Td>
                <ShortId id={availability.availabilityId} />
              </Table.Td>
              <Table.Td>{fullName(availability)}</Table.Td>
              <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={availability.day}>{formatDay(availability.day, locale, 'short')}</time>
              </Table.Th>
              <Table.Td>
                <ShiftLabel shift={availability.shift} />
              </Table.Td>
              <Table.Td maw={260} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                <Comments comments={availability.comments} />
              </Table.Td>
              <Table.Td>
                <AvailabilityActions
                  availability={availability}
                  canEdit={canEdit}
                  onDelete={onDelete}
                  isDeleting={deletingId === availability.availabilityId}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
