import type { Assignment, Employee } from '@eclat/shared';
import { Alert, Button, Group, MultiSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import { LoadErrorAlert } from '@/components/ui/query-states';
import { useEmployees } from '@/lib/api/get-employees';
import { isApiError, toErrorCode } from '@/lib/api-client';

import { useAssignments, useSetAssignments } from '@/lib/api/assignments';
import { toAssignmentProblems } from '@/lib/assignment-problems';

type AssignmentFormProps = {
  appointmentId: string;
  isCancelled: boolean;
  assigned: readonly Assignment[];
  employees: readonly Employee[];
};

function AssignmentForm({ appointmentId, isCancelled, assigned, employees }: AssignmentFormProps) {
  const { t } = useTranslation();
  const save = useSetAssignments();
  const [employeeIds, setEmployeeIds] = useState<string[]>(() => assigned.map((item) => item.employeeId));
  const [error, setError] = useState<string | null>(null);

  // Active employees, plus anyone already on the job (an inactive one is marked and must be removed).
  const names = new Map<string, string>();
  const options: { value: string; label: string }[] = [];
  for (const employee of employees) {
    const name = `${employee.firstName} ${employee.lastName}`;
    names.set(employee.employeeId, name);
    const isAssigned = assigned.some((item) => item.employeeId === employee.employeeId);
    if (employee.isActive) options.push({ value: employee.employeeId, label: name });
    else if (isAssigned)
      options.push({
        value: employee.employeeId,
        label: t('staffAppointments.assign.inactiveOption', { name }),
      });
  }
  for (const item of assigned) {
    if (!names.has(item.employeeId)) {
      const name = `${item.employeeFirstName} ${item.employeeLastName}`;
      names.set(item.employeeId, name);
      options.push({ value: item.employeeId, label: name });
    }
  }

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setError(null);
    const sent = [...employeeIds];
    save.mutate(
      { appointmentId, input: { employeeIds: sent } },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('staffAppointments.assign.saved'),
          });
        },
        onError: (failure) => {
          const problems = isApiError(failure) ? toAssignmentProblems(failure.details, sent) : [];
          if (problems.length > 0) {
            setError(
              problems
                .map((problem) =>
                  t(`staffAppointments.assign.${problem.kind}`, {
                    name: names.get(problem.employeeId) ?? problem.employeeId,
                  }),
                )
                .join(' '),
            );
            return;
          }
          const isCancelledRefusal =
            isApiError(failure) && failure.details.some((detail) => detail.message.endsWith('.cancelled'));
          setError(
            isCancelledRefusal
              ? t('staffAppointments.assign.cancelled')
              : `${t('staffAppointments.assign.error')} ${t(`errors.${toErrorCode(failure)}`)}`,
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {isCancelled && (
          <Alert color="yellow" role="status">
            {t('staffAppointments.assign.cancelledNote')}
          </Alert>
        )}
        <MultiSelect
          label={t('staffAppointments.assign.label')}
          description={t('staffAppointments.assign.hint')}
          placeholder={employeeIds.length === 0 ? t('staffAppointments.assign.placeholder') : undefined}
          searchable
          clearable
          maxValues={10}
          nothingFoundMessage={t('staffAppointments.assign.noEmployee')}
          data={options}
          value={employeeIds}
          onChange={(value) => {
            setEmployeeIds(value);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending}>
            {t('staffAppointments.assign.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Spec §3 schedule, employee view (issue deliverable 5): the employees who do this appointment,
 * saved on their own with "Save assignment" (separate from the appointment's own Save). The server
 * refuses to give anyone two overlapping jobs; the refusal names them.
 */
export function AssignmentEditor({
  appointmentId,
  isCancelled,
}: {
  appointmentId: string;
  isCancelled: boolean;
}) {
  const { t } = useTranslation();
  const assignments = useAssignments(appointmentId);
  const employees = useEmployees();

  let body;
  if (assignments.isPending || employees.isPending) {
    body = <Skeleton height={88} radius="sm" aria-label={t('common.loading')} />;
  } else if (assignments.isError || employees.isError) {
    body = (
      <LoadErrorAlert
        message={t('staffAppointments.assign.loadError')}
        onRetry={() => {
          void assignments.refetch();
          void employees.refetch();
        }}
      />
    );
  } else {
    body = (
      <AssignmentForm
        key={appointmentId}
        appointmentId={appointmentId}
        isCancelled={isCancelled}
        assigned={assignments.data}
        employees={employees.data}
      />
    );
  }

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      aria-labelledby="assignment-heading"
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconUsersGroup size={22} aria-hidden="true" />
          <Title order={2} size="h3" id="assignment-heading">
            {t('staffAppointments.assign.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('staffAppointments.assign.intro')}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
