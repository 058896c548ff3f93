import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** A tab whose management screen is still being built: said plainly, not shown as an error. */
export function ComingSoonPanel({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <IconTools size={26} />
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed" maw={520}>
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}
