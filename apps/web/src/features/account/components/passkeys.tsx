import { isApiError } from '@clinic/client/api-error';
import { useContractForm } from '@clinic/client/contract-form';
import { passkeyAddition, renamePasskey, type PasskeySummary } from '@clinic/contract';
import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { PasswordConfirmModal } from '../../../shared/ui/password-confirm-modal.tsx';
import { usePasskeyChanges, usePasskeys } from '../api/passkeys.ts';

type Dialog = { kind: 'add' } | { kind: 'rename' | 'remove'; passkey: PasskeySummary };

const noNameNorPassword = { name: '', password: '' };

/** Adding asks a name and the password, then the device makes the key. */
function AddDialog({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const { register } = usePasskeyChanges();
  const [notUsed, setNotUsed] = useState(false);

  const close = (): void => {
    setNotUsed(false);
    onClose();
  };

  const submit = async (request: { name: string; password: string }): Promise<string | undefined> => {
    setNotUsed(false);
    try {
      const reply = await register.mutateAsync(request);
      if (!reply.isSuccess) return reply.failedCode;
      close();
    } catch (error) {
      // An HTTP error has its banner; otherwise the person closed the browser's prompt.
      if (isApiError(error)) throw error;
      setNotUsed(true);
    }
    return undefined;
  };

  return (
    <PasswordConfirmModal
      opened={opened}
      title={t('passkeys.add')}
      intro={t('passkeys.addIntro')}
      submitLabel={t('passkeys.add')}
      pending={register.isPending}
      onSubmit={submit}
      onClose={close}
      fields={{
        initialValues: noNameNorPassword,
        schema: passkeyAddition,
        render: (form) => (
          <>
            {notUsed && (
              <Alert color="red" role="alert">
                {t('passkeys.notUsed')}
              </Alert>
            )}
            <TextInput
              label={t('passkeys.name')}
              description={t('passkeys.nameHint')}
              data-autofocus
              value={form.values.name}
              onChange={(event) => {
                form.setValue('name', event.currentTarget.value);
                setNotUsed(false);
              }}
              error={message(form.errors.name)}
            />
          </>
        ),
      }}
    />
  );
}

const noName = { name: '' };

/** Renaming asks the name alone: a passkey's name changes no factor of the login. */
function RenameDialog({
  passkey,
  onClose,
}: {
  passkey: PasskeySummary | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const { rename } = usePasskeyChanges();
  // Failures of the call other than a refusal or field errors have the HTTP client's banner.
  const form = useContractForm({
    initialValues: noName,
    schema: renamePasskey.request,
    toRequest: ({ name }) => ({ seqPasskey: passkey?.seqPasskey, name }),
    send: (request) => rename.mutateAsync(request),
    onReply: (reply, form) => {
      if (!reply.isSuccess) return form.setFailure(reply.failedCode);
      form.reset();
      onClose();
    },
  });
  const { values, errors, failure, setValue, setFailure, reset } = form;

  const close = (): void => {
    reset();
    setFailure(undefined);
    onClose();
  };

  return (
    <Modal opened={passkey !== undefined} onClose={close} title={t('passkeys.renameTitle')}>
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {message(failure)}
            </Alert>
          )}
          <TextInput
            label={t('passkeys.name')}
            description={t('passkeys.nameHint')}
            data-autofocus
            value={values.name}
            onChange={(event) => setValue('name', event.currentTarget.value)}
            error={message(errors.name)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('passkeys.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Removing asks the password. */
function RemoveDialog({
  passkey,
  onClose,
}: {
  passkey: PasskeySummary | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const { remove } = usePasskeyChanges();

  const submit = async ({ password }: { password: string }): Promise<string | undefined> => {
    if (!passkey) return undefined;
    const reply = await remove.mutateAsync({ seqPasskey: passkey.seqPasskey, password });
    if (!reply.isSuccess) return reply.failedCode;
    onClose();
    return undefined;
  };

  return (
    <PasswordConfirmModal
      opened={passkey !== undefined}
      title={t('passkeys.removeTitle', { name: passkey?.name })}
      submitLabel={t('passkeys.remove')}
      danger
      pending={remove.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** My page, passkeys: each logs in alone or confirms the password as the second step. */
export function Passkeys(): ReactElement {
  const { t, i18n } = useTranslation();
  const passkeys = usePasskeys();
  const [dialog, setDialog] = useState<Dialog>();

  return (
    <Stack gap="sm" align="flex-start">
      <Title order={4} id="passkeys-title">
        {t('passkeys.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('passkeys.intro')}
      </Text>
      {passkeys.isError && <LoadFailed onRetry={() => void passkeys.refetch()} />}
      {!passkeys.data && !passkeys.isError && <Skeleton height={40} role="status" aria-label={t('common.loading')} />}
      {passkeys.data?.passkeys.length === 0 && <Text size="sm">{t('passkeys.none')}</Text>}
      {passkeys.data && passkeys.data.passkeys.length > 0 && (
        <Stack
          gap="xs"
          w="100%"
          component="ul"
          aria-labelledby="passkeys-title"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {passkeys.data.passkeys.map((passkey) => (
            <Paper component="li" withBorder p="sm" key={passkey.seqPasskey}>
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={500}>{passkey.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('passkeys.added', { date: formatDate(passkey.createdAt, i18n.language) })}
                    {passkey.lastUsedAt &&
                      ` · ${t('passkeys.lastUsed', { date: formatDate(passkey.lastUsedAt, i18n.language) })}`}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={t('passkeys.renameLabel', { name: passkey.name })}
                    onClick={() => setDialog({ kind: 'rename', passkey })}
                  >
                    {t('passkeys.rename')}
                  </Button>
                  <Button
                    color="red"
                    variant="outline"
                    size="xs"
                    aria-label={t('passkeys.removeLabel', { name: passkey.name })}
                    onClick={() => setDialog({ kind: 'remove', passkey })}
                  >
                    {t('passkeys.remove')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Button variant="default" onClick={() => setDialog({ kind: 'add' })}>
        {t('passkeys.add')}
      </Button>
      <AddDialog opened={dialog?.kind === 'add'} onClose={() => setDialog(undefined)} />
      <RenameDialog
        passkey={dialog?.kind === 'rename' ? dialog.passkey : undefined}
        onClose={() => setDialog(undefined)}
      />
      <RemoveDialog
        passkey={dialog?.kind === 'remove' ? dialog.passkey : undefined}
        onClose={() => setDialog(undefined)}
      />
    </Stack>
  );
}
