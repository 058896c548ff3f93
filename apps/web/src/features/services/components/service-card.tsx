import type { ServiceImageVariants } from '@eclat/shared';
import { AspectRatio, Badge, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';

import { servicePicture } from '@/features/services/service-picture';
import classes from './service-card.module.css';

type ServiceCardProps = {
  serviceId: string;
  title: string;
  description: string;
  category: string;
  duration: string;
  /** Already formatted: "$50.00", "50,00 $" or "Contact for pricing". */
  price: string;
  image: string | null;
  /** The AVIF and WebP copies of `image` (from the API). */
  imageVariants: ServiceImageVariants | null;
  /**
   * The card is seen first (the top of the list): its picture loads at once and before the others; every
   * other card's waits until it is scrolled near.
   */
  isPriority?: boolean;
  /** Shown to admins on a service the public cannot see. */
  unavailableLabel?: string;
  selectLabel: string;
  isSelected: boolean;
  onToggle: (serviceId: string) => void;
  /** Admin actions (Edit, Delete). */
  actions?: ReactNode;
  /** A quote-only service's way to its price: the quote request (issue 16). */
  quoteLink?: ReactNode;
};

export function ServiceCard({
  serviceId,
  title,
  description,
  category,
  duration,
  price,
  image,
  imageVariants,
  isPriority = false,
  unavailableLabel,
  selectLabel,
  isSelected,
  onToggle,
  actions,
  quoteLink,
}: ServiceCardProps) {
  const titleId = `service-title-${serviceId}`;
  // A picture that fails to load gives way to the default one (it is not kept for another picture).
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const hasFailed = image !== null && failedImage === image;
  const picture = hasFailed ? servicePicture(null, null) : servicePicture(image, imageVariants);
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
          <picture className={classes.picture}>
            {picture.sources.map((source) => (
              <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={picture.sizes} />
            ))}
            <img
              src={picture.src}
              width={picture.width}
              height={picture.height}
              alt=""
              loading={isPriority ? 'eager' : 'lazy'}
              decoding={isPriority ? 'auto' : 'async'}
              fetchPriority={isPriority ? 'high' : 'auto'}
              className={classes.image}
              onError={() => {
                if (image !== null) setFailedImage(image);
              }}
            />
          </picture>
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
        {quoteLink}
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
