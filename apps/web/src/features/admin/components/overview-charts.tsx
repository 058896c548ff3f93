import { Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

import { useTranslation } from '@/lib/i18n';

import { barShares } from '../overview';
import classes from './overview-charts.module.css';

/** A table of a chart's numbers: its column headings and its rows, each cell as written. */
export type ChartTable = { columns: readonly string[]; rows: readonly (readonly string[])[] };

type ChartCardProps = {
  title: string;
  /** One line under the title, e.g. this week's figure. */
  summary?: ReactNode;
  table: ChartTable;
  children: ReactNode;
};

/**
 * One chart of the overview with its numbers as a table (decision 030): the drawing is hidden from
 * assistive technology, the table is always there (visually hidden under the chart), and "Show the
 * numbers" swaps the chart for the table on screen.
 */
export function ChartCard({ title, summary, table: data, children }: ChartCardProps) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const table = (
    <Table striped verticalSpacing={4} fz="sm" aria-labelledby={titleId}>
      <Table.Thead>
        <Table.Tr>
          {data.columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.rows.map((row) => (
          <Table.Tr key={row.join('\u0000')}>
            {row.map((cell, index) =>
              index === 0 ? (
                <Table.Th key={index} scope="row" fw={500}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={index}>{cell}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={4} id={titleId}>
              {title}
            </Title>
            {summary && (
              <Text size="sm" c="dimmed">
                {summary}
              </Text>
            )}
          </Stack>
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            aria-pressed={showTable}
            leftSection={
              showTable ? (
                <IconChartBar size={16} aria-hidden="true" />
              ) : (
                <IconTable size={16} aria-hidden="true" />
              )
            }
            onClick={() => {
              setShowTable((shown) => !shown);
            }}
          >
            {showTable ? t('admin.overview.showChart') : t('admin.overview.showTable')}
          </Button>
        </Group>
        {showTable ? (
          <Table.ScrollContainer minWidth={280}>{table}</Table.ScrollContainer>
        ) : (
          <>
            <div aria-hidden="true">{children}</div>
            {/* Hidden, it never scrolls: no scroll container (whose region would need a focus stop). */}
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        )}
      </Stack>
    </Card>
  );
}

type ColumnChartProps = {
  values: readonly number[];
  /** Under the first and the last column. */
  firstLabel: string;
  lastLabel: string;
};

const COLUMN = 10;
const HEIGHT = 100;

/** Columns of a value per week, drawn in SVG; the last (this week) stands out. */
export function ColumnChart({ values, firstLabel, lastLabel }: ColumnChartProps) {
  const shares = barShares(values);
  return (
    <Stack gap={4}>
      <svg
        className={classes.columns}
        viewBox={`0 0 ${shares.length * COLUMN} ${HEIGHT}`}
        preserveAspectRatio="none"
        focusable="false"
      >
        <line
          x1={0}
          x2={shares.length * COLUMN}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          style={{ stroke: 'var(--mantine-color-gray-4)' }}
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {shares.map((share, index) => {
          const height = Math.max(share > 0 ? 1.5 : 0, share * (HEIGHT - 4));
          return (
            <rect
              key={index}
              x={index * COLUMN + 1.5}
              width={COLUMN - 3}
              y={HEIGHT - height}
              height={height}
              rx={1}
              style={{
                fill:
                  index === shares.length - 1
                    ? 'var(--mantine-primary-color-filled)'
                    : 'var(--mantine-primary-color-light-hover)',
              }}
            />
          );
        })}
      </svg>
      <div className={classes.axis}>
        <span>{firstLabel}</span>
        <span>{lastLabel}</span>
      </div>
    </Stack>
  );
}

type BarListProps = {
  items: readonly { key: string; label: string; value: string; share: number }[];
};

/** Horizontal bars, one per line: a name, its figure, and a bar of its share. */
export function BarList({ items }: BarListProps) {
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <Stack key={item.key} gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {item.label}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {item.value}
            </Text>
          </Group>
          <div className={classes.track}>
            <div className={classes.fill} style={{ width: `${Math.round(item.share * 1000) / 10}%` }} />
          </div>
        </Stack>
      ))}
    </Stack>
  );
}
