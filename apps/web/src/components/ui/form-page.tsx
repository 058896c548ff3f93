import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of a screen that adds or edits one record: title, a line of intro, the form on a card.
 * `before` goes above the title (a way back), `after` below the card (further sections).
 */
export function FormPage({
  title,
  intro,
  before,
  after,
  children,
}: {
  title: string;
  intro: string;
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        {before}
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {children}
        </Paper>
        {after}
      </Stack>
    </Container>
  );
}
