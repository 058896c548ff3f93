import type { Service } from '@eclat/shared';
import {
  Anchor,
  Button,
  CloseButton,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState, type SubmitEvent } from 'react';

import { LazyRetryAlert } from '@/components/ui/lazy-retry-alert';
import { PageGrid } from '@/components/ui/page-grid';
import { paths } from '@/config/paths';
import type { ServicesAudience } from '@/lib/api/public-services';
import { usePublicServices, usePublicServiceSearch } from '@/lib/api/public-services';
import { requestQuoteHref } from '@/features/quotes/links';
import { ServiceCard } from '@/features/services/components/service-card';
import { SelectionSummary } from '@/features/services/components/selection-summary';
import {
  readSelectedServices,
  toServiceIds,
  writeSelectedServices,
  type ServiceSelectionState,
} from '@/features/services/selection';
import { useSession } from '@/lib/auth/session';
import { formatCurrency } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { Link, useNavigationContext } from '@/lib/navigation';
import { useClientValue } from '@/lib/use-client-value';
import { usePageMeta } from '@/lib/use-page-meta';

const ServiceAdminActions = lazy(() =>
  import('@/features/services/components/service-admin-actions').then((module) => ({
    default: module.ServiceAdminActions,
  })),
);

const NO_SELECTION: string[] = [];

/**
 * The selection coming back from /calendar-select (navigation state), else the tab's stored one. None is
 * the server's own value, so a hydrated page with nothing selected is not rendered again.
 */
function initialSelection(state: unknown): string[] {
  const fromState = toServiceIds((state as Partial<ServiceSelectionState> | null)?.serviceIds);
  const selection = fromState.length > 0 ? fromState : readSelectedServices();
  return selection.length > 0 ? selection : NO_SELECTION;
}

export function ServicesRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('services');
  const session = useSession();
  const navigation = useNavigationContext();
  const locale = useLanguage();
  const isAdmin = session.hasAny('admin');
  const audience: ServicesAudience = isAdmin ? 'admin' : 'public';

  const [searchText, setSearchText] = useState('');
  const [activeSearch, setActiveSearch] = useState<string | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  // The tab's own selection (none on the server and while hydrating), until the visitor changes it here.
  const initial = useClientValue(() => initialSelection(navigation.state), NO_SELECTION);
  const [changed, setChanged] = useState<string[] | null>(null);
  const selected = changed ?? initial;

  // Wait for the session: an admin's first request must carry the token.
  const list = usePublicServices(audience, {
    enabled: session.status !== 'loading' && activeSearch === null,
  });
  const search = usePublicServiceSearch(activeSearch, audience);
  const current = activeSearch === null ? list : search;

  const updateSelection = (next: string[]) => {
    setChanged(next);
    writeSelectedServices(next);
  };

  const toggle = (serviceId: string) => {
    const next = selected.includes(serviceId)
      ? selected.filter((id) => id !== serviceId)
      : [...selected, serviceId];
    updateSelection(next);
    // Spec §2: choosing services while signed out starts sign-in; the stored selection survives it.
    if (session.status === 'signed-out' && next.length > selected.length) {
      void session.signIn(paths.services.getHref());
    }
  };

  const goToCalendar = () => {
    writeSelectedServices(selected);
    if (session.status !== 'signed-in') {
      void session.signIn(paths.calendarSelect.getHref());
      return;
    }
    const state: ServiceSelectionState = { serviceIds: selected };
    const to = paths.calendarSelect.getHref();
    if (navigation.navigate) navigation.navigate(to, { state });
    else window.location.assign(to);
  };

  const onSearch = (event: SubmitEvent) => {
    event.preventDefault();
    const trimmed = searchText.trim();
    if (trimmed === '') {
      setSearchError(t('services.errors.emptySearch'));
      return;
    }
    setSearchError(null);
    setActiveSearch(trimmed);
  };

  const clearSearch = () => {
    setSearchText('');
    setSearchError(null);
    setActiveSearch(null);
    // Spec §5: clearing the box reloads all services.
    void list.refetch();
  };

  // Priced by rooms, area or the hour (decision 025): the smallest home's price, "From $110.00".
  const priceOf = (service: Service) => {
    if (service.pricing <= 0) return t('services.contactForPricing');
    const price = formatCurrency(service.pricing, locale);
    const kind = service.pricingModel.kind;
    return kind === 'flat' || kind === 'quote' ? price : t('pricing.lines.from', { price });
  };

  let results;
  // What the page came with stays on screen while it is refreshed, and if a refresh fails.
  if (current.data === undefined && current.status !== 'error') {
    results = (
      <PageGrid layout="cards" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={380} radius="md" />
        ))}
      </PageGrid>
    );
  } else if (current.data === undefined) {
    results = (
      <LazyRetryAlert
        title={t('services.errors.loadTitle')}
        message={t('services.errors.load')}
        onRetry={() => void current.refetch()}
      />
    );
  } else if (current.data.length === 0) {
    results = (
      <Text role="status" c="dimmed" ta="center" py="xl" size="lg">
        {activeSearch === null ? t('services.empty') : t('services.noMatch')}
      </Text>
    );
  } else {
    results = (
      <PageGrid layout="cards" component="ul">
        {current.data.map((service, index) => (
          <li key={service.serviceId}>
            <ServiceCard
              serviceId={service.serviceId}
              title={service.title}
              description={service.description}
              category={service.category}
              duration={t('services.duration', { count: service.durationMinutes })}
              price={priceOf(service)}
              image={service.image}
              imageVariants={service.imageVariants}
              isPriority={index === 0}
              unavailableLabel={isAdmin && !service.isAvailable ? t('services.unavailable') : undefined}
              selectLabel={t('services.select', { title: service.title })}
              isSelected={selected.includes(service.serviceId)}
              onToggle={toggle}
              quoteLink={
                service.pricing <= 0 ? (
                  <Anchor
                    component={Link}
                    to={requestQuoteHref({ serviceIds: [service.serviceId] })}
                    size="sm"
                    fw={600}
                    aria-label={t('services.requestQuoteFor', { title: service.title })}
                  >
                    {t('services.requestQuote')}
                  </Anchor>
                ) : undefined
              }
              actions={
                isAdmin ? (
                  <Suspense fallback={null}>
                    <ServiceAdminActions
                      service={service}
                      onDeleted={(serviceId) => {
                        updateSelection(selected.filter((id) => id !== serviceId));
                      }}
                    />
                  </Suspense>
                ) : undefined
              }
            />
          </li>
        ))}
      </PageGrid>
    );
  }

  return (
    <>
      <Container size="lg" py={{ base: 'xl', sm: 48 }}>
        <Stack gap="xl">
          <Group justify="space-between" align="flex-end" gap="md">
            <Stack gap={4}>
              <Title order={1}>{title}</Title>
              <Text c="dimmed" maw={640}>
                {t('services.intro')}
              </Text>
            </Stack>
            {isAdmin && (
              <Button
                component={Link}
                to={paths.addService.getHref()}
                leftSection={<IconPlus size={18} aria-hidden="true" />}
              >
                {t('services.add')}
              </Button>
            )}
          </Group>

          <form role="search" onSubmit={onSearch} noValidate>
            <TextInput
              maw={640}
              label={t('services.search.label')}
              placeholder={t('services.search.placeholder')}
              value={searchText}
              error={searchError}
              maxLength={120}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setSearchText(value);
                if (value === '' && (activeSearch !== null || searchError)) clearSearch();
              }}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              rightSection={
                searchText ? (
                  <CloseButton aria-label={t('services.search.clear')} onClick={clearSearch} />
                ) : undefined
              }
              // The button sits beside the box, between the label above and the message below.
              inputContainer={(input) => (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                  <Button type="submit">{t('services.search.submit')}</Button>
                </Group>
              )}
            />
          </form>

          {results}
        </Stack>
      </Container>
      {selected.length > 0 && (
        <SelectionSummary
          label={t('services.selection.count', { count: selected.length })}
          continueLabel={t('services.selection.continue')}
          clearLabel={t('services.selection.clear')}
          onContinue={goToCalendar}
          onClear={() => {
            updateSelection([]);
          }}
        />
      )}
    </>
  );
}
