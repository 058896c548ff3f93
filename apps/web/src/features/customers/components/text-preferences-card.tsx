import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { TEXT_CHANNELS, TEXT_CONSENT_WORDING, type TextChannel, type TextPreferences } from '@eclat/shared';

import { notifySuccess } from '@/components/ui/notify';
import { InlineLoadError } from '@/components/ui/query-states';
import { useSaveTextPreferences, useTextPreferences } from '@/features/customers/api/text-preferences';
import { isApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import { useErrorToast } from '@/lib/error-toast';
import { useLanguage, useTranslation } from '@/lib/i18n';

/**
 * Texts (issue 31, decision 067): the customer's mobile number, the consent box with the exact sentence
 * the server records, and email, text or both for the booking confirmation and the reminder.
 */
export function TextPreferencesCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const preferences = useTextPreferences(email);

  let content;
  if (preferences.isError) {
    content = (
      <InlineLoadError message={t('textPreferences.loadError')} onRetry={() => void preferences.refetch()} />
    );
  } else if (!preferences.data) {
    content = <Skeleton height={24} width="80%" />;
  } else {
    // A new form each time the saved state changes (after a save, or a removal).
    content = (
      <TextPreferencesForm
        key={`${preferences.data.mobile ?? ''}-${preferences.data.consentedAt ?? ''}`}
        email={email}
        saved={preferences.data}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('textPreferences.title')}
        </Title>
        {content}
      </Stack>
    </Paper>
  );
}

function TextPreferencesForm({ email, saved }: { email: string; saved: TextPreferences }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const save = useSaveTextPreferences(email);
  const showError = useErrorToast();
  const [mobile, setMobile] = useState(saved.mobile ?? '');
  const [consent, setConsent] = useState(saved.mobile !== null);
  const [reminderBy, setReminderBy] = useState<TextChannel>(saved.reminderBy);
  const [confirmationBy, setConfirmationBy] = useState<TextChannel>(saved.confirmationBy);
  const [fieldErrors, setFieldErrors] = useState<{ mobile?: string; consent?: string }>({});

  const channelData = TEXT_CHANNELS.map((value) => ({
    value,
    label: t(`textPreferences.channels.${value}`),
  }));
  const isChannel = (value: string): value is TextChannel =>
    (TEXT_CHANNELS as readonly string[]).includes(value);

  const onError = (error: unknown) => {
    if (isApiError(error) && error.details.length > 0) {
      const errors: { mobile?: string; consent?: string } = {};
      for (const detail of error.details) {
        if (detail.path.endsWith('mobile')) errors.mobile = t('profile.errors.mobile');
        if (detail.path.endsWith('consent')) errors.consent = t('profile.errors.textConsent');
      }
      if (errors.mobile || errors.consent) {
        setFieldErrors(errors);
        return;
      }
    }
    showError(error);
  };

  const submit = () => {
    setFieldErrors({});
    save.mutate(
      { mobile, consent, consentLocale: language, reminderBy, confirmationBy },
      {
        onSuccess: () => {
          notifySuccess(t('textPreferences.saved'));
        },
        onError,
      },
    );
  };

  return (
    <Stack gap="sm">
      {saved.stopped && (
        <Alert color="yellow" role="status">
          {t('textPreferences.stopped')}
        </Alert>
      )}
      <TextInput
        label={t('textPreferences.mobile')}
        description={t('textPreferences.mobileHint')}
        type="tel"
        autoComplete="tel"
        value={mobile}
        error={fieldErrors.mobile}
        onChange={(event) => {
          setMobile(event.currentTarget.value);
        }}
      />
      <Checkbox
        label={TEXT_CONSENT_WORDING[language]}
        checked={consent}
        error={fieldErrors.consent}
        onChange={(event) => {
          setConsent(event.currentTarget.checked);
        }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="text-confirmation-by">
          {t('textPreferences.confirmationBy')}
        </Text>
        <SegmentedControl
          aria-labelledby="text-confirmation-by"
          data={channelData}
          value={confirmationBy}
          onChange={(value) => {
            if (isChannel(value)) setConfirmationBy(value);
          }}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="text-reminder-by">
          {t('textPreferences.reminderBy')}
        </Text>
        <SegmentedControl
          aria-labelledby="text-reminder-by"
          data={channelData}
          value={reminderBy}
          onChange={(value) => {
            if (isChannel(value)) setReminderBy(value);
          }}
        />
      </Stack>
      {saved.consentedAt && (
        <Text size="sm" c="dimmed">
          {t('textPreferences.consentedAt', { date: formatLongDate(saved.consentedAt, language) })}
        </Text>
      )}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {t('textPreferences.save')}
        </Button>
        {saved.mobile !== null && (
          <Button
            variant="default"
            disabled={save.isPending}
            onClick={() => {
              save.mutate(
                { mobile: null },
                {
                  onSuccess: () => {
                    notifySuccess(t('textPreferences.removed'));
                  },
                  onError: showError,
                },
              );
            }}
          >
            {t('textPreferences.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
