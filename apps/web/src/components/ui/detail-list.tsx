import { SimpleGrid, Text, type MantineSpacing } from '@mantine/core';

/** Labelled values as a description list, two columns from a small screen up (a profile, a quote). */
export function DetailList({
  rows,
  spacing = 'md',
}: {
  rows: readonly (readonly [label: string, value: string])[];
  spacing?: MantineSpacing;
}) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing={spacing} verticalSpacing={spacing} m={0}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
