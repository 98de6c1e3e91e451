import { useContractForm } from '@clinic/client/contract-form';
import { fhirClientRules, registerFhirClient, type FhirClient } from '@clinic/contract';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useFhirClientChanges, useFhirClients } from '../api/fhir-clients.ts';

const blank: { clientName: string; publicKey: string; scope: string } = {
  clientName: '',
  publicKey: '',
  scope: fhirClientRules.defaultScope,
};

/** The form that registers a system by its public key; the new client's id shows in the list. */
function RegisterForm(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const { register } = useFhirClientChanges();
  const form = useContractForm({
    initialValues: blank,
    schema: registerFhirClient.request,
    toRequest: (values) => values,
    send: (request) => register.mutateAsync(request),
    onReply: (reply, form) => {
      if (!reply.isSuccess) return form.setFailure(reply.failedCode);
      form.reset();
    },
  });
  const { values, errors, failure, setValue } = form;
  return (
    <Paper withBorder p="md" component="form" noValidate onSubmit={form.onSubmit} w="100%">
      <Stack gap="sm">
        <Title order={4}>{t('fhirClients.register')}</Title>
        {failure && (
          <Alert color="red" role="alert">
            {message(failure)}
          </Alert>
        )}
        <TextInput
          label={t('fhirClients.name')}
          description={t('fhirClients.nameHint')}
          value={values.clientName}
          onChange={(event) => setValue('clientName', event.currentTarget.value)}
          error={message(errors.clientName)}
        />
        <Textarea
          label={t('fhirClients.publicKey')}
          description={t('fhirClients.publicKeyHint')}
          rows={6}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={values.publicKey}
          onChange={(event) => setValue('publicKey', event.currentTarget.value)}
          error={message(errors.publicKey)}
        />
        <TextInput
          label={t('fhirClients.scope')}
          description={t('fhirClients.scopeHint')}
          value={values.scope}
          onChange={(event) => setValue('scope', event.currentTarget.value)}
          error={message(errors.scope)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={register.isPending}>
            {t('fhirClients.registerButton')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ClientItem({ client, onRevoke }: { client: FhirClient; onRevoke: () => void }): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <Paper component="li" withBorder p="sm" data-testid="fhir-client">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={500}>{client.clientName}</Text>
            {client.revokedAt && <Badge color="gray">{t('fhirClients.revoked')}</Badge>}
          </Group>
          {!client.revokedAt && (
            <Button
              color="red"
              variant="outline"
              size="xs"
              aria-label={t('fhirClients.revokeLabel', { name: client.clientName })}
              onClick={onRevoke}
            >
              {t('fhirClients.revoke')}
            </Button>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{t('fhirClients.clientId')}</Text>
          <Code data-testid="fhir-client-id">{client.clientId}</Code>
          <CopyButton value={client.clientId}>
            {({ copied, copy }) => (
              <Button variant="subtle" size="compact-xs" onClick={copy}>
                {copied ? t('fhirClients.copied') : t('fhirClients.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{t('fhirClients.keyIds')}</Text>
          {client.keyIds.map((keyId) => (
            <Code key={keyId} data-testid="fhir-client-key-id">
              {keyId}
            </Code>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {t('fhirClients.details', { scope: client.scope, date: formatDate(client.createdAt, i18n.language) })}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * My page, connected systems: the systems (a health record, a health system's warehouse) the
 * clinician lets read their patients' records through the FHIR API, by SMART Backend Services.
 */
export function FhirClients(): ReactElement {
  const { t } = useTranslation();
  const clients = useFhirClients();
  const { revoke } = useFhirClientChanges();
  const [revoking, setRevoking] = useState<FhirClient>();
  const base = `${window.location.origin}/fhir/R4`;

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t('fhirClients.intro')}</Text>
      <Text size="sm">
        {t('fhirClients.endpoints')} <Code>{base}</Code> · <Code>{`${base}/auth/token`}</Code>
      </Text>
      <Title order={4} id="fhir-clients-title">
        {t('fhirClients.listTitle')}
      </Title>
      {clients.isError && <LoadFailed onRetry={() => void clients.refetch()} />}
      {!clients.data && !clients.isError && <Skeleton height={40} role="status" aria-label={t('common.loading')} />}
      {clients.data?.clients.length === 0 && <Text size="sm">{t('fhirClients.none')}</Text>}
      {clients.data && clients.data.clients.length > 0 && (
        <Stack
          gap="xs"
          w="100%"
          component="ul"
          aria-labelledby="fhir-clients-title"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {clients.data.clients.map((client) => (
            <ClientItem key={client.clientId} client={client} onRevoke={() => setRevoking(client)} />
          ))}
        </Stack>
      )}
      <RegisterForm />
      <ConfirmModal
        opened={revoking !== undefined}
        title={t('fhirClients.revokeTitle', { name: revoking?.clientName })}
        body={t('fhirClients.revokeBody')}
        yesLabel={t('fhirClients.revoke')}
        noLabel={t('common.cancel')}
        loading={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate({ clientId: revoking.clientId }, { onSuccess: () => setRevoking(undefined) });
        }}
        onClose={() => setRevoking(undefined)}
      />
    </Stack>
  );
}
