import { Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconChartBar,
  IconCalendarEvent,
  IconCalendarTime,
  IconFileDollar,
  IconClockHour4,
  IconMailExclamation,
  IconMessageCircle,
  IconReceiptTax,
  IconRepeat,
  IconClockDollar,
  IconRoute,
  IconScale,
  IconShieldLock,
  IconSparkles,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router';

import { IconLink } from '@/components/ui/icon-link';
import { paths } from '@/config/paths';
import { EmailsPanel } from '@/features/admin/components/emails-panel';
import { FeedbackPanel } from '@/features/feedback/components/feedback-panel';
import { OverviewPanel } from '@/features/admin/components/overview-panel';
import { ServicesPanel } from '@/features/services/components/services-panel';
import { ADMIN_TABS, isAdminTab, readAdminTab, writeAdminTab, type AdminTab } from '@/lib/admin-tabs';
import { AppointmentsPanel } from '@/features/staff-appointments/components/appointments-panel';
import { AvailabilitiesPanel } from '@/features/availabilities/components/availabilities-panel';
import { CustomersPanel } from '@/features/customers/components/customers-panel';
import { QuotesPanel } from '@/features/quotes/components/quotes-panel';
import { EmployeesPanel } from '@/features/employees/components/employees-panel';
import { SchedulePanel } from '@/features/schedules/components/schedule-panel';
import { RecurringPanel } from '@/features/series/components/recurring-panel';
import { UserRolesPanel } from '@/features/users/components/user-roles-panel';
import { usePageMeta } from '@/lib/use-page-meta';
import { usePaymentsShown } from '@/lib/api/get-payments-policy';

const TAB_ICONS: Record<AdminTab, ReactNode> = {
  overview: <IconChartBar size={16} aria-hidden="true" />,
  employees: <IconBriefcase size={16} aria-hidden="true" />,
  customers: <IconUsers size={16} aria-hidden="true" />,
  services: <IconSparkles size={16} aria-hidden="true" />,
  feedbacks: <IconMessageCircle size={16} aria-hidden="true" />,
  appointments: <IconCalendarEvent size={16} aria-hidden="true" />,
  recurring: <IconRepeat size={16} aria-hidden="true" />,
  quotes: <IconFileDollar size={16} aria-hidden="true" />,
  availabilities: <IconClockHour4 size={16} aria-hidden="true" />,
  schedule: <IconCalendarTime size={16} aria-hidden="true" />,
  roles: <IconShieldLock size={16} aria-hidden="true" />,
  emails: <IconMailExclamation size={16} aria-hidden="true" />,
};

const TAB_PANELS: Record<AdminTab, () => ReactNode> = {
  overview: () => <OverviewPanel />,
  employees: () => <EmployeesPanel />,
  customers: () => <CustomersPanel />,
  services: () => <ServicesPanel />,
  feedbacks: () => <FeedbackPanel />,
  appointments: () => <AppointmentsPanel />,
  recurring: () => <RecurringPanel />,
  quotes: () => <QuotesPanel />,
  availabilities: () => <AvailabilitiesPanel />,
  schedule: () => <SchedulePanel />,
  roles: () => <UserRolesPanel />,
  emails: () => <EmailsPanel />,
};

/**
 * The admin dashboard (spec §2): the owner's Overview first (issue 17), the spec's eight tabs, Recurring (issue 14), Quotes (issue 16) and Emails (issue 15), Employees by default (decision 030). The active tab lives in the
 * URL (`?tab=roles`), so a link or a reload opens the same tab; the arrow keys move between tabs.
 */
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('adminDashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const activeTab = readAdminTab(searchParams);
  const payments = usePaymentsShown();

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" maw={640}>
            {t('admin.intro')}
          </Text>
          <Group>
            <IconLink to={paths.dispatch.getHref()} icon={<IconRoute size={16} aria-hidden="true" />}>
              {t('dispatch.openBoard')}
            </IconLink>
            <IconLink to={paths.pay.getHref()} icon={<IconClockDollar size={16} aria-hidden="true" />}>
              {t('pay.open')}
            </IconLink>
            {payments.isShown && (
              <IconLink
                to={paths.taxSettings.getHref()}
                icon={<IconReceiptTax size={16} aria-hidden="true" />}
              >
                {t('payments.taxes.open')}
              </IconLink>
            )}
            {payments.mode === 'stripe' && (
              <IconLink
                to={paths.paymentDiscrepancies.getHref()}
                icon={<IconScale size={16} aria-hidden="true" />}
              >
                {t('payments.discrepancies.open')}
              </IconLink>
            )}
          </Group>
        </Stack>
        <Tabs
          value={activeTab}
          onChange={(value) => {
            if (isAdminTab(value) && value !== activeTab) {
              setSearchParams((current) => writeAdminTab(current, value), { replace: true });
            }
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('admin.tabsLabel')} mb="lg">
            {ADMIN_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab} leftSection={TAB_ICONS[tab]}>
                {t(`admin.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {ADMIN_TABS.map((tab) => (
            <Tabs.Panel key={tab} value={tab}>
              <Stack gap="md">
                <Title order={2} size="h3">
                  {t(`admin.tabs.${tab}`)}
                </Title>
                {TAB_PANELS[tab]()}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
