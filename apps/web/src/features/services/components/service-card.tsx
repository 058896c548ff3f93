import { AspectRatio, Badge, Card, Checkbox, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import classes from './service-card.module.css';

/** The picture shown when a service has none (spec §2). */
export const DEFAULT_SERVICE_IMAGE = '/images/service-default.jpg';

type ServiceCardProps = {
  serviceId: string;
  title: string;
  description: string;
  category: string;
  duration: string;
  /** Already formatted: "$50.00", "50,00 $" or "Contact for pricing". */
  price: string;
  image: string | null;
  /** Shown to admins on a service the public cannot see. */
  unavailableLabel?: string;
  selectLabel: string;
  isSelected: boolean;
  onToggle: (serviceId: string) => void;
  /** Admin actions (Edit, Delete). */
  actions?: ReactNode;
};

export function ServiceCard({
  serviceId,
  title,
  description,
  category,
  duration,
  price,
  image,
  unavailableLabel,
  selectLabel,
  isSelected,
  onToggle,
  actions,
}: ServiceCardProps) {
  const titleId = `service-title-${serviceId}`;
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={titleId}
      className={classes.card}
      data-selected={isSelected || undefined}
    >
      <Card.Section>
        <AspectRatio ratio={16 / 10}>
          <Image
            src={image ?? DEFAULT_SERVICE_IMAGE}
            fallbackSrc={DEFAULT_SERVICE_IMAGE}
            alt=""
            loading="lazy"
            className={classes.image}
          />
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="md" className={classes.body}>
        <Group gap="xs">
          <Badge variant="light" color="eclat">
            {category}
          </Badge>
          {unavailableLabel && (
            <Badge variant="filled" color="coral" autoContrast>
              {unavailableLabel}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h4" id={titleId} className={classes.title}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" className={classes.description}>
          {description}
        </Text>
        <Group justify="space-between" gap="xs" mt="auto" pt="xs">
          <Text fw={700} size="lg">
            {price}
          </Text>
          <Text size="sm" c="dimmed">
            {duration}
          </Text>
        </Group>
        <Checkbox
          mt="xs"
          size="md"
          checked={isSelected}
          onChange={() => {
            onToggle(serviceId);
          }}
          label={selectLabel}
          classNames={{ root: classes.select }}
        />
        {actions}
      </Stack>
    </Card>
  );
}
