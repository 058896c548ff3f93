import {
  payRatesSchema,
  payReportSchema,
  type Locale,
  type PayRateInput,
  type PayReport,
} from '@eclat/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiGetBlob, apiPost } from '@/lib/api-client';

/** Hours and pay (issue 30 §6, decision 066): its own keys, read by the admin. */
export const payKeys = {
  all: ['pay'] as const,
  rates: (employeeId: string) => [...payKeys.all, 'rates', employeeId] as const,
  report: (employeeId: string, date: string) => [...payKeys.all, 'report', employeeId, date] as const,
};

/** `GET /employees/{id}/pay-rates`: the employee's terms, oldest first. */
export function usePayRates(employeeId: string | null) {
  return useQuery({
    queryKey: payKeys.rates(employeeId ?? ''),
    queryFn: ({ signal }) =>
      apiGet(`/employees/${encodeURIComponent(employeeId ?? '')}/pay-rates`, {
        schema: payRatesSchema,
        signal,
      }),
    enabled: employeeId !== null,
    staleTime: 0,
  });
}

/** `POST /employees/{id}/pay-rates`; the reports are read again (their pay may have changed). */
export function useSetPayRate(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayRateInput) =>
      apiPost(`/employees/${encodeURIComponent(employeeId)}/pay-rates`, {
        body: input,
        schema: payRatesSchema,
      }),
    onSuccess: async (rates) => {
      queryClient.setQueryData(payKeys.rates(employeeId), rates);
      await queryClient.invalidateQueries({ queryKey: [...payKeys.all, 'report', employeeId] });
    },
  });
}

/** `GET /pay/report`: the pay period holding `date`; the last period stays shown while the next loads. */
export function usePayReport(employeeId: string | null, date: string) {
  return useQuery({
    queryKey: payKeys.report(employeeId ?? '', date),
    queryFn: ({ signal }) =>
      apiGet('/pay/report', {
        query: { employeeId: employeeId ?? '', date: date || undefined },
        schema: payReportSchema,
        signal,
      }),
    enabled: employeeId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `GET /pay/report.csv`: the same figures for payroll, headers in the admin's language. */
export function getPayCsv(report: PayReport, locale: Locale) {
  return apiGetBlob('/pay/report.csv', {
    query: { employeeId: report.employee.id, date: report.period.from, lang: locale },
  });
}
