import type { Service } from '@eclat/shared';
import { SERVICE_ID_LENGTH } from '@eclat/shared';
import {
  Alert,
  Button,
  CloseButton,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useDeleteService } from '@/features/services/api/delete-service';
import { useServices, type ServicesAudience } from '@/features/services/api/get-services';
import { useSearchServices } from '@/features/services/api/search-services';
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
import { getActiveLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

/** The selection coming back from /calendar-select (navigation state), else the tab's stored one. */
function initialSelection(state: unknown): string[] {
  const fromState = toServiceIds((state as Partial<ServiceSelectionState> | null)?.serviceIds);
  return fromState.length > 0 ? fromState : readSelectedServices();
}

export function ServicesRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('services');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const locale = getActiveLanguage();
  const isAdmin = session.hasAny('admin');
  const audience: ServicesAudience = isAdmin ? 'admin' : 'public';

  const [searchText, setSearchText] = useState('');
  const [activeSearch, setActiveSearch] = useState<string | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>(() => initialSelection(location.state));

  // Wait for the session: an admin's first request must carry the token.
  const list = useServices(audience, { enabled: session.status !== 'loading' && activeSearch === null });
  const search = useSearchServices(activeSearch, audience);
  const current = activeSearch === null ? list : search;
  const deleteService = useDeleteService();

  const updateSelection = (next: string[]) => {
    setSelected(next);
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
    void navigate(paths.calendarSelect.getHref(), { state });
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

  const confirmDelete = (service: Service) => {
    modals.openConfirmModal({
      title: t('services.delete.title'),
      children: <Text size="sm">{t('services.delete.text', { title: service.title })}</Text>,
      labels: { confirm: t('services.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        if (service.serviceId.length !== SERVICE_ID_LENGTH) {
          notifications.show({ color: 'red', message: t('services.delete.invalidId') });
          return;
        }
        deleteService.mutate(service.serviceId, {
          onSuccess: () => {
            updateSelection(selected.filter((id) => id !== service.serviceId));
            notifications.show({ color: 'teal', message: t('services.delete.success') });
          },
          onError: () => {
            notifications.show({ color: 'red', message: t('services.delete.error') });
          },
        });
      },
    });
  };

  const priceOf = (service: Service) =>
    service.pricing <= 0 ? t('services.contactForPricing') : formatCurrency(service.pricing, locale);

  let results;
  if (session.status === 'loading' || current.isPending) {
    results = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={380} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (current.isError) {
    results = (
      <Alert color="red" title={t('services.errors.loadTitle')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('services.errors.load')}</Text>
          <Button variant="default" size="xs" onClick={() => void current.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (current.data.length === 0) {
    results = (
      <Text role="status" c="dimmed" ta="center" py="xl" size="lg">
        {activeSearch === null ? t('services.empty') : t('services.noMatch')}
      </Text>
    );
  } else {
    results = (
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} m={0} p={0} style={{ listStyle: 'none' }}>
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
              actions={
                isAdmin ? (
                  <Group gap="xs" grow>
                    <Button
                      component={Link}
                      to={paths.editService.getHref(service.serviceId)}
                      variant="light"
                      leftSection={<IconEdit size={16} aria-hidden="true" />}
                      aria-label={t('services.editLabel', { title: service.title })}
                    >
                      {t('services.edit')}
                    </Button>
                    <Button
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden="true" />}
                      aria-label={t('services.deleteLabel', { title: service.title })}
                      loading={deleteService.isPending && deleteService.variables === service.serviceId}
                      onClick={() => {
                        confirmDelete(service);
                      }}
                    >
                      {t('services.deleteButton')}
                    </Button>
                  </Group>
                ) : undefined
              }
            />
          </li>
        ))}
      </SimpleGrid>
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
