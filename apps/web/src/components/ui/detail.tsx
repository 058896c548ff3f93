import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One term and its value inside a `<dl>` (the cards of availabilities, schedules and jobs). */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" fw={600} style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Group>
  );
}
