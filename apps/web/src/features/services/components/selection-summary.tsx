import { Button, Container, Group, Paper, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';

import classes from './selection-summary.module.css';

type SelectionSummaryProps = {
  /** "2 services selected" */
  label: string;
  continueLabel: string;
  clearLabel: string;
  onContinue: () => void;
  onClear: () => void;
};

/** Stays at the bottom of the screen while services are selected; announces the count politely. */
export function SelectionSummary({
  label,
  continueLabel,
  clearLabel,
  onContinue,
  onClear,
}: SelectionSummaryProps) {
  return (
    <Paper className={classes.bar} shadow="md" radius={0} component="aside" aria-label={label}>
      <Container size="lg">
        <Group justify="space-between" gap="sm" py="sm">
          <Text fw={700} role="status" aria-live="polite">
            {label}
          </Text>
          <Group gap="xs" ml="auto">
            <Button variant="subtle" color="ink" onClick={onClear}>
              {clearLabel}
            </Button>
            <Button onClick={onContinue} rightSection={<IconArrowRight size={18} aria-hidden="true" />}>
              {continueLabel}
            </Button>
          </Group>
        </Group>
      </Container>
    </Paper>
  );
}
