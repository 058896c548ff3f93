export type AssignmentProblem = { employeeId: string; kind: 'overlap' | 'inactive' | 'invalid' };

/**
 * What `PUT /appointments/{id}/assignments` refused, per employee: its details point at entries of
 * the list sent (`employeeIds.<index>` or `body.employeeIds.<index>`), with the reason as a key
 * (409 `assignments.errors.overlap`: that employee already has a job at that time; 400 inactive or
 * unknown employee). Details about anything else are left to the caller.
 */
export function toAssignmentProblems(
  details: readonly { path: string; message: string }[],
  sent: readonly string[],
): AssignmentProblem[] {
  const problems: AssignmentProblem[] = [];
  for (const detail of details) {
    const match = /(?:^|\.)employeeIds\.(\d+)$/.exec(detail.path);
    const employeeId = match ? sent[Number(match[1])] : undefined;
    if (!employeeId || problems.some((problem) => problem.employeeId === employeeId)) continue;
    const kind = detail.message.endsWith('.overlap')
      ? 'overlap'
      : detail.message.endsWith('.inactive')
        ? 'inactive'
        : 'invalid';
    problems.push({ employeeId, kind });
  }
  return problems;
}
