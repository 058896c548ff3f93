import type { DispatchVisit } from '@eclat/shared';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconUserOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { confirmDanger } from '@/components/ui/confirm-danger';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { useSetAssignments } from '@/lib/api/assignments';
import { toAssignmentProblems } from '@/lib/assignment-problems';
import { failureMessage } from '@/lib/staff/failure-message';
import { isApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';

/**
 * The visit just reassigned: its block leaves one lane and a new one appears in another, which takes the
 * focus (a keyboard user goes on from where the visit is now). Kept until the board is drawn again with the
 * answer (`dropFocusAfterMove`), however long the server takes: a clock of ten seconds, as it was, left the
 * focus behind on a slow machine (the dispatch e2e, flaky in CI). A board without the visit drops it.
 */
let focusAfterMove: { appointmentId: string } | null = null;

/**
 * Called by the board after each new drawing of its data, once the visits' blocks have mounted (a parent's
 * effects run after its children's): the moved visit's block took the focus then, or will not.
 */
export function dropFocusAfterMove(): void {
  focusAfterMove = null;
}

/** Someone a visit can be given to: one lane of the board. */
export type Assignee = { employeeId: string; name: string };

type AssignMenuProps = {
  visit: DispatchVisit;
  /** The employees of the board, by name. */
  assignees: readonly Assignee[];
  /** "Jean Tremblay, 10:00": says which visit the toasts and the confirmation are about. */
  visitLabel: string;
  /** The id of the visit's title: the button's description, so its name stays its visible words. */
  describedBy: string;
};

/**
 * "Assign to…" on a visit of the board: a menu of the employees and "Unassigned", used with the arrow
 * keys and Enter as well as the mouse. The server checks the overlap rules (a job and its travel buffer);
 * a refusal says who is busy and the board stays as it was. Unassigning asks first.
 */
export function AssignMenu({ visit, assignees, visitLabel, describedBy }: AssignMenuProps) {
  const { t, i18n } = useTranslation();
  const save = useSetAssignments();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The block that appears in the visit's new lane takes the focus the old one had.
  useEffect(() => {
    if (focusAfterMove?.appointmentId !== visit.appointmentId) return;
    buttonRef.current?.focus();
    focusAfterMove = null;
  }, [visit.appointmentId]);
  const isUnassigned = visit.employeeIds.length === 0;
  const nameOf = (employeeId: string) =>
    assignees.find((assignee) => assignee.employeeId === employeeId)?.name ?? employeeId;

  const assign = (employeeIds: string[]) => {
    save.mutate(
      { appointmentId: visit.appointmentId, input: { employeeIds } },
      {
        onSuccess: () => {
          const [employeeId] = employeeIds;
          notifySuccess(
            employeeId
              ? t('dispatch.assign.assigned', { visit: visitLabel, name: nameOf(employeeId) })
              : t('dispatch.assign.unassigned', { visit: visitLabel }),
          );
          // The visit moves to another lane: the keyboard follows it there (see below).
          focusAfterMove = { appointmentId: visit.appointmentId };
        },
        onError: (error) => {
          const problems = isApiError(error) ? toAssignmentProblems(error.details, employeeIds) : [];
          const message =
            problems.length > 0
              ? problems
                  .map((problem) =>
                    t(`staffAppointments.assign.${problem.kind}`, { name: nameOf(problem.employeeId) }),
                  )
                  .join(' ')
              : failureMessage(t, (key) => i18n.exists(key), error, 'dispatch.assign.error');
          notifyFailure(t('dispatch.assign.failed', { visit: visitLabel }), message);
        },
      },
    );
  };

  const unassign = () => {
    confirmDanger(t, {
      title: t('dispatch.assign.confirmTitle'),
      text: t('dispatch.assign.confirmText', { visit: visitLabel }),
      confirm: t('dispatch.assign.confirm'),
      onConfirm: () => {
        assign([]);
      },
    });
  };

  return (
    // The block may clip its button while the menu holds the focus: the menu stays shown all the same.
    <Menu
      position="bottom-start"
      withinPortal
      shadow="md"
      keepMounted={false}
      hideDetached={false}
      returnFocus
    >
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="light"
          rightSection={<IconChevronDown size={12} aria-hidden="true" />}
          loading={save.isPending}
          aria-describedby={describedBy}
          ref={buttonRef}
        >
          {t('dispatch.assign.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('dispatch.assign.menuLabel')}</Menu.Label>
        {assignees.map((assignee) => {
          const isCurrent = visit.employeeIds.length === 1 && visit.employeeIds[0] === assignee.employeeId;
          return (
            <Menu.Item
              key={assignee.employeeId}
              disabled={isCurrent}
              leftSection={
                visit.employeeIds.includes(assignee.employeeId) ? (
                  <IconCheck size={14} aria-hidden="true" />
                ) : undefined
              }
              onClick={() => {
                assign([assignee.employeeId]);
              }}
            >
              {assignee.name}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item
          color="red"
          disabled={isUnassigned}
          leftSection={<IconUserOff size={14} aria-hidden="true" />}
          onClick={unassign}
        >
          {t('dispatch.assign.none')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
