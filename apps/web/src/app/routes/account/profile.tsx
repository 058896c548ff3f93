import type { Customer, ProfileInput } from '@eclat/shared';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from 'react-router';

import { notifySuccess } from '@/components/ui/notify';
import { PageLoader } from '@/components/ui/page-loader';
import { SignOutEverywhereCard } from '@/features/auth/components/sign-out-everywhere-card';
import { useMyProfile } from '@/features/customers/api/get-my-profile';
import { useSaveMyProfile } from '@/features/customers/api/save-my-profile';
import { ProfileForm } from '@/features/customers/components/profile-form';
import { ProfileView } from '@/features/customers/components/profile-view';
import { AccessNotesCard } from '@/features/access-notes/components/access-notes-card';
import { CalendarFeedCard } from '@/features/calendar-feeds/components/calendar-feed-card';
import { EmailPreferencesCard } from '@/features/customers/components/email-preferences-card';
import { TextPreferencesCard } from '@/features/customers/components/text-preferences-card';
import {
  EMPTY_PROFILE,
  toProfileErrors,
  toProfileFormValues,
  type ProfileErrors,
} from '@/features/customers/profile-form';
import { VerifyEmailBanner } from '@/features/email-verification/components/verify-email-banner';
import {
  EMAIL_UNVERIFIED_NOTE_ID,
  useIsEmailUnverified,
} from '@/features/email-verification/use-is-email-unverified';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useErrorToast } from '@/lib/error-toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { readReturnTo } from '@/features/customers/profile-return';
import { CardOnFileCard } from '@/features/payments/components/card-on-file-card';
import { CardSetupReturn } from '@/features/payments/components/card-setup-return';

/** No profile yet: the spec §4 question, then the form (Yes) or the opted-out note (No). */
type NewProfileStep = 'prompt' | 'optedOut' | 'form';

/**
 * Spec §2, §4, §5: loading; no record -> "Would you like to set up a Customer Profile?" (Yes / No);
 * No -> opted-out note with Create Profile Anyway; Yes -> the form, whose Cancel goes back to the
 * question; a saved profile -> view, Edit, then Save / Cancel. Opened from checkout or the quote request (`?returnTo=/checkout`), a save goes back there.
 */
export function ProfileRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('profile');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = readReturnTo(searchParams.get('returnTo'));
  // PAYMENTS=stripe (decision 056): back from the card page, or the "Payment needed" email's link.
  const cardParam = searchParams.get('card');
  const cardOutcome = cardParam === 'saved' || cardParam === 'cancelled' ? cardParam : null;
  const { email } = useSession();
  const profile = useMyProfile(email);
  const save = useSaveMyProfile(email);
  const showError = useErrorToast();
  // Coming from checkout the person already chose to create one: straight to the form.
  const [chosenStep, setStep] = useState<NewProfileStep>(returnTo ? 'form' : 'prompt');
  // Until the email is confirmed a profile cannot be saved: no form, the question with Yes held back.
  const isUnverified = useIsEmailUnverified();
  const step = isUnverified && chosenStep === 'form' ? 'prompt' : chosenStep;
  // A new step replaces the one that had focus: focus moves to its heading (or its sentence).
  const stepTarget = useRef<HTMLElement | null>(null);
  const shouldFocusStep = useRef(false);
  const setStepTarget = useCallback((node: HTMLElement | null) => {
    stepTarget.current = node;
  }, []);
  const goToStep = (next: NewProfileStep) => {
    shouldFocusStep.current = true;
    setStep(next);
  };
  useEffect(() => {
    if (!shouldFocusStep.current) return;
    shouldFocusStep.current = false;
    stepTarget.current?.focus();
  }, [step]);
  const unverifiedNote = isUnverified && (
    <Text id={EMAIL_UNVERIFIED_NOTE_ID} size="sm">
      {t('errors.EMAIL_NOT_VERIFIED')}
    </Text>
  );
  const heldBack = isUnverified ? { disabled: true, 'aria-describedby': EMAIL_UNVERIFIED_NOTE_ID } : {};
  const [isEditing, setIsEditing] = useState(false);
  const [serverErrors, setServerErrors] = useState<ProfileErrors>({});

  const submit = (input: ProfileInput, existing: Customer | null) => {
    setServerErrors({});
    save.mutate(
      { input, customerId: existing?.customerId ?? null },
      {
        onSuccess: () => {
          notifySuccess(t('profile.success'));
          setIsEditing(false);
          if (returnTo) void navigate(returnTo);
        },
        onError: (error) => {
          if (isApiError(error) && error.details.length > 0) setServerErrors(toProfileErrors(error.details));
          else if (isApiError(error) && error.status === 409) void profile.refetch();
          else showError(error);
        },
      },
    );
  };

  let content;
  if (!email) {
    content = (
      <Alert color="red" role="alert">
        {t('myAppointments.errors.noEmail')}
      </Alert>
    );
  } else if (profile.isPending) {
    content = <PageLoader />;
  } else if (profile.isError) {
    content = (
      <Alert color="red" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('profile.loadError')}</Text>
          <Button variant="default" size="xs" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (profile.data) {
    const customer = profile.data;
    content = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={2} size="h3">
            {isEditing ? t('profile.editTitle') : t('profile.viewTitle')}
          </Title>
          {isEditing ? (
            <ProfileForm
              initialValues={toProfileFormValues(customer)}
              email={email}
              isSaving={save.isPending}
              serverErrors={serverErrors}
              onSubmit={(input) => {
                submit(input, customer);
              }}
              onCancel={() => {
                setServerErrors({});
                setIsEditing(false);
              }}
            />
          ) : (
            <ProfileView
              customer={customer}
              email={email}
              onEdit={() => {
                setIsEditing(true);
              }}
            />
          )}
        </Stack>
      </Paper>
    );
  } else if (step === 'prompt') {
    content = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md" align="flex-start">
          <Title order={2} size="h3" ref={setStepTarget} tabIndex={-1}>
            {t('profile.prompt.question')}
          </Title>
          <Text c="dimmed">{t('profile.prompt.text')}</Text>
          {unverifiedNote}
          <Group gap="sm">
            <Button
              {...heldBack}
              onClick={() => {
                goToStep('form');
              }}
            >
              {t('profile.prompt.yes')}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                goToStep('optedOut');
              }}
            >
              {t('profile.prompt.no')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  } else if (step === 'optedOut') {
    content = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md" align="flex-start">
          <Text role="status" ref={setStepTarget} tabIndex={-1}>
            {t('profile.optedOut.text')}
          </Text>
          {unverifiedNote}
          <Button
            variant="light"
            {...heldBack}
            onClick={() => {
              goToStep('form');
            }}
          >
            {t('profile.optedOut.createAnyway')}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={2} size="h3" ref={setStepTarget} tabIndex={-1}>
            {t('profile.createTitle')}
          </Title>
          {returnTo && <Text c="dimmed">{t('profile.returnNote')}</Text>}
          <ProfileForm
            initialValues={EMPTY_PROFILE}
            email={email}
            isSaving={save.isPending}
            serverErrors={serverErrors}
            onSubmit={(input) => {
              submit(input, null);
            }}
            onCancel={() => {
              setServerErrors({});
              goToStep('prompt');
            }}
          />
        </Stack>
      </Paper>
    );
  }

  return (
    <Container size="sm" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <VerifyEmailBanner />
        {email && cardOutcome && (
          <CardSetupReturn outcome={cardOutcome} sessionId={searchParams.get('session')} />
        )}
        {content}
        {email && profile.data && <CardOnFileCard replaceAsked={cardParam === 'replace'} />}
        {email && profile.data && <AccessNotesCard email={email} />}
        {email && profile.data && <EmailPreferencesCard email={email} />}
        {email && profile.data && <TextPreferencesCard email={email} />}
        {email && profile.data && <CalendarFeedCard owner="customer" />}
        <SignOutEverywhereCard />
      </Stack>
    </Container>
  );
}
