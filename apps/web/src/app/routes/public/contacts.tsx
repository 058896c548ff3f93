import type { ContactMessageInput } from '@eclat/shared';
import { Alert, Button, Container, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import { sendContactMessage } from '@/features/contact/api/send-contact-message';
import { ContactDetails } from '@/features/contact/components/contact-details';
import { isApiError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';

import classes from './contacts.module.css';

type ContactValues = Required<ContactMessageInput>;

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '', website: '' };

export function ContactsRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('contacts');
  const [isSending, setIsSending] = useState(false);
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  const set = (key: keyof ContactValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const { name, email, subject, message } = values;
    if ([name, email, subject, message].some((value) => value.trim() === '')) {
      setError(t('contact.errors.allFields'));
      return;
    }
    setError(null);
    setIsSending(true);
    sendContactMessage({
      ...values,
      name: name.trim(),
      email: email.trim(),
      subject: subject.trim(),
      message: message.trim(),
    }).then(
      () => {
        showToast({ color: 'teal', message: t('contact.success') });
        setValues(EMPTY);
        setIsSending(false);
      },
      (failure: unknown) => {
        const detail = isApiError(failure) ? failure.details[0]?.message : undefined;
        if (isApiError(failure) && failure.status === 400 && detail) {
          setError(t(detail, { defaultValue: t('contact.failed') }));
        }
        showToast({
          color: 'red',
          message:
            isApiError(failure) && failure.code === 'RATE_LIMITED'
              ? t('errors.RATE_LIMITED')
              : t('contact.failed'),
        });
        setIsSending(false);
      },
    );
  };

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" maw={640}>
            {t('contact.intro')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'xl', md: 48 }}>
          <form onSubmit={submit} noValidate aria-labelledby="contact-form-title">
            <Stack gap="md">
              <Title order={2} size="h3" id="contact-form-title">
                {t('contact.formTitle')}
              </Title>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <TextInput
                label={t('contact.name')}
                required
                autoComplete="name"
                maxLength={120}
                value={values.name}
                onChange={(event) => {
                  set('name', event.currentTarget.value);
                }}
              />
              <TextInput
                label={t('contact.email')}
                type="email"
                required
                autoComplete="email"
                maxLength={254}
                value={values.email}
                onChange={(event) => {
                  set('email', event.currentTarget.value);
                }}
              />
              <TextInput
                label={t('contact.subject')}
                required
                maxLength={200}
                value={values.subject}
                onChange={(event) => {
                  set('subject', event.currentTarget.value);
                }}
              />
              <Textarea
                label={t('contact.message')}
                required
                autosize
                minRows={5}
                maxLength={5000}
                value={values.message}
                onChange={(event) => {
                  set('message', event.currentTarget.value);
                }}
              />
              {/* Honeypot: people never see or reach it; robots that fill every field do. */}
              <div className={classes.honeypot} aria-hidden="true">
                <label htmlFor="contact-website">{t('contact.honeypot')}</label>
                <input
                  id="contact-website"
                  name="website"
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  value={values.website}
                  onChange={(event) => {
                    set('website', event.currentTarget.value);
                  }}
                />
              </div>
              <Button type="submit" loading={isSending} style={{ alignSelf: 'flex-start' }}>
                {t('contact.send')}
              </Button>
            </Stack>
          </form>
          <ContactDetails
            title={t('contact.details.title')}
            addressLabel={t('contact.details.addressLabel')}
            address={t('contact.details.address')}
            emailLabel={t('contact.details.emailLabel')}
            phoneLabel={t('contact.details.phoneLabel')}
            hoursLabel={t('contact.details.hoursLabel')}
            hours={[t('contact.details.hoursWeek'), t('contact.details.hoursWeekend')]}
          />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
