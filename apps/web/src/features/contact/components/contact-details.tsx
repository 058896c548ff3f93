import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { COMPANY_PHONE, phoneHref } from '@eclat/shared';

export const COMPANY_EMAIL = 'hello@eclat.example';

type ContactDetailsProps = {
  title: string;
  addressLabel: string;
  address: string;
  emailLabel: string;
  phoneLabel: string;
  hoursLabel: string;
  hours: string[];
};

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <div>
        <Text size="sm" fw={700}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}

/** The company's address, email, phone and opening hours. */
export function ContactDetails({
  title,
  addressLabel,
  address,
  emailLabel,
  phoneLabel,
  hoursLabel,
  hours,
}: ContactDetailsProps) {
  return (
    <Paper
      component="section"
      aria-labelledby="contact-details-title"
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      bg="sand.0"
      withBorder
    >
      <Title order={2} size="h3" mb="md" id="contact-details-title">
        {title}
      </Title>
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        <Row icon={<IconMapPin size={18} />} label={addressLabel}>
          <Text component="address" fs="normal" style={{ whiteSpace: 'pre-line' }}>
            {address}
          </Text>
        </Row>
        <Row icon={<IconMail size={18} />} label={emailLabel}>
          <Anchor href={`mailto:${COMPANY_EMAIL}`}>{COMPANY_EMAIL}</Anchor>
        </Row>
        <Row icon={<IconPhone size={18} />} label={phoneLabel}>
          <Anchor href={phoneHref(COMPANY_PHONE)}>{COMPANY_PHONE}</Anchor>
        </Row>
        <Row icon={<IconClock size={18} />} label={hoursLabel}>
          {hours.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </Row>
      </Stack>
    </Paper>
  );
}
