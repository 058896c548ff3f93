import { Alert, Anchor, Button, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';

import { paths } from '@/config/paths';
import { profileSetupHref } from '@/features/customers/profile-return';
import {
  EMAIL_UNVERIFIED_NOTE_ID,
  useIsEmailUnverified,
} from '@/features/email-verification/use-is-email-unverified';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { CheckoutSection, SectionRetryAlert } from './checkout-section';
import type { Checkout } from './use-checkout';

/** /profile, coming back here after the first save. */
const CREATE_PROFILE_HREF = profileSetupHref(paths.checkout.getHref());

/** Who and where: the name from the profile and the visit's address (or the way to create a profile). */
export function CheckoutDetails({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const isUnverified = useIsEmailUnverified();
  const { profile, place } = checkout;

  let details;
  if (profile.isPending) {
    details = <Skeleton height={120} />;
  } else if (profile.isError) {
    details = (
      <SectionRetryAlert message={t('checkout.errors.customer')} onRetry={() => void profile.refetch()} />
    );
  } else if (!profile.data) {
    details = (
      <Alert color="blue" title={t('checkout.noProfile.title')} p="sm">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('checkout.noProfile.text')}</Text>
          {isUnverified ? (
            // A profile cannot be saved before the email is confirmed: the way there waits for it.
            <>
              <Text id={EMAIL_UNVERIFIED_NOTE_ID} size="sm">
                {t('errors.EMAIL_NOT_VERIFIED')}
              </Text>
              <Button size="xs" disabled aria-describedby={EMAIL_UNVERIFIED_NOTE_ID}>
                {t('checkout.noProfile.create')}
              </Button>
            </>
          ) : (
            <Button component={Link} to={CREATE_PROFILE_HREF} size="xs">
              {t('checkout.noProfile.create')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  } else {
    details = (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('checkout.firstName')}
            value={profile.data.firstName}
            readOnly
            variant="filled"
          />
          <TextInput label={t('checkout.lastName')} value={profile.data.lastName} readOnly variant="filled" />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={700}>
            {t('checkout.address')}
          </Text>
          <Text data-testid="checkout-address">{place.line ?? '—'}</Text>
        </div>
        <Anchor component={Link} to={CREATE_PROFILE_HREF} size="sm">
          {t('checkout.editProfile')}
        </Anchor>
      </Stack>
    );
  }

  return <CheckoutSection heading={t('checkout.detailsHeading')}>{details}</CheckoutSection>;
}
