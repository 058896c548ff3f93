import { Paper, Stack, Text } from '@mantine/core';

import { StarRating } from './star-rating';

type FeedbackCardProps = {
  content: string;
  author: string;
  date: string;
  /** The date as a machine-readable value for <time>. */
  dateTime: string;
  stars: number;
  starsLabel: string;
};

/** One published review. The text is rendered as text: markup a customer typed shows as typed. */
export function FeedbackCard({ content, author, date, dateTime, stars, starsLabel }: FeedbackCardProps) {
  return (
    <Paper component="figure" withBorder radius="md" p="lg" m={0} h="100%">
      <Stack gap="sm" h="100%">
        <StarRating stars={stars} label={starsLabel} />
        <Text
          component="blockquote"
          m={0}
          style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
        >
          {content}
        </Text>
        <Text component="figcaption" size="sm" c="dimmed">
          <Text span fw={700} c="var(--mantine-color-text)">
            {author}
          </Text>
          {' · '}
          <time dateTime={dateTime}>{date}</time>
        </Text>
      </Stack>
    </Paper>
  );
}
