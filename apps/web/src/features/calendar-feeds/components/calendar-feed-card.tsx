import type { CalendarFeedCreated, CalendarFeedOwner } from '@eclat/shared';
import { Button, CopyButton, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

import { confirmDanger } from '@/components/ui/confirm-danger';
import { notifySuccess } from '@/components/ui/notify';
import { InlineLoadError } from '@/components/ui/query-states';
import {
  useMakeCalendarFeed,
  useMyCalendarFeeds,
  useStopCalendarFeed,
} from '@/features/calendar-feeds/api/calendar-feeds';
import { toFeedView } from '@/features/calendar-feeds/feed-view';
import { useErrorToast } from '@/lib/error-toast';
import { formatLongDate } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/i18n';

/**
 * A private calendar address (issue 15): a customer's visits or an employee's jobs as a feed that any
 * calendar app subscribes to. Made on demand and shown once (the server keeps only a hash); made again
 * or stopped after a confirmation, since the old address then stops working.
 */
export function CalendarFeedCard({ owner }: { owner: CalendarFeedOwner }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const feeds = useMyCalendarFeeds();
  const make = useMakeCalendarFeed();
  const stop = useStopCalendarFeed();
  const showError = useErrorToast();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const addressRef = useRef<HTMLInputElement>(null);

  const view = feeds.data ? toFeedView(owner, feeds.data, created) : null;
  const isShown = view?.kind === 'shown';
  // A new address takes the focus, so a keyboard or screen reader user lands on it.
  useEffect(() => {
    if (isShown) addressRef.current?.focus();
  }, [isShown, created]);

  if (feeds.isError) {
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h3">
            {t(`calendarFeed.title.${owner}`)}
          </Title>
          <InlineLoadError message={t('calendarFeed.loadError')} onRetry={() => void feeds.refetch()} />
        </Stack>
      </Paper>
    );
  }
  if (view?.kind === 'hidden') return null;

  const makeAddress = () => {
    make.mutate(
      { for: owner, locale },
      {
        onSuccess: (feed) => {
          setCreated(feed);
          notifySuccess(t('calendarFeed.made'));
        },
        onError: showError,
      },
    );
  };
  const confirmRemake = () => {
    confirmDanger(t, {
      title: t('calendarFeed.remake.title'),
      text: t('calendarFeed.remake.text'),
      confirm: t('calendarFeed.remake.action'),
      onConfirm: makeAddress,
    });
  };
  const confirmStop = () => {
    confirmDanger(t, {
      title: t('calendarFeed.stop.title'),
      text: t('calendarFeed.stop.text'),
      confirm: t('calendarFeed.stop.action'),
      onConfirm: () => {
        stop.mutate(owner, {
          onSuccess: () => {
            setCreated(null);
            notifySuccess(t('calendarFeed.stopped'));
          },
          onError: showError,
        });
      },
    });
  };

  let body;
  if (!view) {
    body = <Skeleton height={36} width="60%" />;
  } else if (view.kind === 'none') {
    body = (
      <Button
        leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
        loading={make.isPending}
        onClick={makeAddress}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('calendarFeed.get')}
      </Button>
    );
  } else {
    const actions = (
      <Group gap="sm">
        <Button variant="default" loading={make.isPending} onClick={confirmRemake}>
          {t('calendarFeed.remake.action')}
        </Button>
        <Button variant="light" color="red" loading={stop.isPending} onClick={confirmStop}>
          {t('calendarFeed.stop.action')}
        </Button>
      </Group>
    );
    body =
      view.kind === 'shown' ? (
        <Stack gap="sm">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              ref={addressRef}
              readOnly
              label={t('calendarFeed.address')}
              description={t('calendarFeed.howTo')}
              value={view.created.webcalUrl}
              onFocus={(event) => {
                event.currentTarget.select();
              }}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={view.created.webcalUrl} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'filled' : 'default'}
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? (
                      <IconCheck size={16} aria-hidden="true" />
                    ) : (
                      <IconCopy size={16} aria-hidden="true" />
                    )
                  }
                  onClick={copy}
                >
                  {copied ? t('calendarFeed.copied') : t('calendarFeed.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('calendarFeed.shownOnce')}
          </Text>
          {actions}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>{t('calendarFeed.exists', { date: formatLongDate(view.createdAt, locale) })}</Text>
          {actions}
        </Stack>
      );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t(`calendarFeed.title.${owner}`)}
        </Title>
        <Text c="dimmed">{t(`calendarFeed.intro.${owner}`)}</Text>
        {body}
      </Stack>
    </Paper>
  );
}
