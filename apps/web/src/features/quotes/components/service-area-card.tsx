import type { ServiceArea } from '@eclat/shared';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { BlockSkeleton, LoadErrorAlert } from '@/components/ui/query-states';
import { useErrorToast } from '@/lib/error-toast';
import { useTranslation } from '@/lib/i18n';

import { useServiceArea } from '@/lib/api/get-service-area';
import { useSaveServiceArea } from '../api/save-service-area';
import { toAreaRows, validateAreaRows, type AreaErrors, type AreaRow } from '../area-form';

const EMPTY_ROW: AreaRow = { prefix: '', surcharge: '' };

function AreaForm({ initial }: { initial: ServiceArea }) {
  const { t } = useTranslation();
  const save = useSaveServiceArea();
  const showError = useErrorToast();
  const [rows, setRows] = useState<AreaRow[]>(() => {
    const filled = toAreaRows(initial);
    return filled.length ? filled : [EMPTY_ROW];
  });
  const [errors, setErrors] = useState<AreaErrors>({});

  const change = (index: number, field: keyof AreaRow, value: string) => {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
    setErrors((current) => ({ ...current, [index]: { ...current[index], [field]: undefined } }));
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateAreaRows(rows);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.data, {
      onSuccess: (saved) => {
        setRows(saved.prefixes.length ? toAreaRows(saved.prefixes) : [EMPTY_ROW]);
        notifySuccess(t('serviceArea.saved'));
      },
      onError: showError,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {rows.map((row, index) => {
          const number = index + 1;
          const rowErrors = errors[index];
          return (
            <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={t('serviceArea.prefix', { number })}
                placeholder="M5V"
                maxLength={10}
                value={row.prefix}
                error={rowErrors?.prefix ? t(rowErrors.prefix) : undefined}
                onChange={(event) => {
                  change(index, 'prefix', event.currentTarget.value);
                }}
                style={{ flex: 1 }}
              />
              <TextInput
                label={t('serviceArea.surcharge', { number })}
                placeholder="0"
                inputMode="decimal"
                maxLength={10}
                value={row.surcharge}
                error={rowErrors?.surcharge ? t(rowErrors.surcharge) : undefined}
                onChange={(event) => {
                  change(index, 'surcharge', event.currentTarget.value);
                }}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                size="lg"
                aria-label={t('serviceArea.remove', { number })}
                onClick={() => {
                  setRows((current) => current.filter((_, at) => at !== index));
                  setErrors({});
                }}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          );
        })}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => {
              setRows((current) => [...current, EMPTY_ROW]);
            }}
          >
            {t('serviceArea.add')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('serviceArea.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The admin's service area (issue 16): the postal-code prefixes served (a whole FSA such as M5V, or a
 * shorter start such as H2), each with an optional travel surcharge; none listed serves everywhere.
 */
export function ServiceAreaCard() {
  const { t } = useTranslation();
  const area = useServiceArea();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('serviceArea.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('serviceArea.intro')}
        </Text>
        {area.isPending ? (
          <BlockSkeleton height={120} />
        ) : area.isError ? (
          <LoadErrorAlert message={t('serviceArea.loadError')} onRetry={() => void area.refetch()} />
        ) : (
          <AreaForm initial={area.data.prefixes} />
        )}
      </Stack>
    </Paper>
  );
}
