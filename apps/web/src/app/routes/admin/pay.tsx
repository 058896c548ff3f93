import { Anchor, Container, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { EmptyState, LoadErrorAlert } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { PayReportCard } from '@/features/pay/components/pay-report-card';
import { PayTermsCard } from '@/features/pay/components/pay-terms-card';
import { useEmployees } from '@/lib/api/get-employees';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';
import { useDocumentMeta } from '@/lib/use-page-meta';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Hours and pay (issue 30 §6, decision 066), admin only: choose an employee, set their pay terms, read
 * their pay period by period and download it for payroll. The employee and the day of the period live
 * in the URL (`?employee=&date=`), so a reload or a link opens the same period.
 */
export function PayRoute() {
  const { t } = useTranslation();
  const { title } = useDocumentMeta('pay.title', 'pay.description');
  const [searchParams, setSearchParams] = useSearchParams();
  const employees = useEmployees();
  const employeeId = searchParams.get('employee');
  const dateParam = searchParams.get('date') ?? '';
  const date = DAY.test(dateParam) ? dateParam : '';
  const known = employees.data?.some((employee) => employee.employeeId === employeeId) ?? false;
  const selected = employeeId && known ? employeeId : null;

  const update = (changes: Record<string, string | null>) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.adminDashboard.getHref()} size="sm">
          {t('pay.back')}
        </Anchor>
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" maw={720}>
            {t('pay.intro')}
          </Text>
        </Stack>
        {employees.isError ? (
          <LoadErrorAlert message={t('pay.employeesLoadError')} onRetry={() => void employees.refetch()} />
        ) : (
          <Select
            label={t('pay.employee')}
            placeholder={t('pay.employeePlaceholder')}
            maw={420}
            searchable
            disabled={!employees.data}
            value={selected}
            data={(employees.data ?? []).map((employee) => ({
              value: employee.employeeId,
              label: `${employee.firstName} ${employee.lastName}`,
            }))}
            onChange={(value) => {
              update({ employee: value });
            }}
          />
        )}
        {selected ? (
          <>
            <PayReportCard
              employeeId={selected}
              date={date}
              onDateChange={(day) => {
                update({ date: day });
              }}
            />
            <PayTermsCard key={selected} employeeId={selected} />
          </>
        ) : (
          employees.data && <EmptyState>{t('pay.chooseEmployee')}</EmptyState>
        )}
      </Stack>
    </Container>
  );
}
