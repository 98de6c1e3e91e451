import { isApiError } from '@clinic/client/api-error';
import { currentPasswordField, FailedCode, passkeyNameField, type PasskeySummary } from '@clinic/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { usePasskeyChanges, usePasskeys } from '../api/passkeys.ts';

type Dialog = { kind: 'add' } | { kind: 'rename' | 'remove'; passkey: PasskeySummary };

/** Adding asks a name and the password, renaming a name, removing the password. */
function PasskeyDialog({ dialog, onClose }: { dialog: Dialog | undefined; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const { register, rename, remove } = usePasskeyChanges();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<{ field?: 'name' | 'password'; text: string }>();
  const kind = dialog?.kind;

  const close = (): void => {
    setName('');
    setPassword('');
    setFailure(undefined);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!dialog) return;
    const parsedName = passkeyNameField.safeParse(name);
    const parsedPassword = currentPasswordField.safeParse(password);
    if (dialog.kind !== 'remove' && !parsedName.success) {
      return setFailure({ field: 'name', text: message(parsedName.error.issues[0]?.message) ?? '' });
    }
    if (dialog.kind !== 'rename' && !parsedPassword.success) {
      return setFailure({ field: 'password', text: message(parsedPassword.error.issues[0]?.message) ?? '' });
    }
    try {
      const reply =
        dialog.kind === 'add'
          ? await register.mutateAsync({ name: parsedName.data!, password: parsedPassword.data! })
          : dialog.kind === 'rename'
            ? await rename.mutateAsync({ seqPasskey: dialog.passkey.seqPasskey, name: parsedName.data! })
            : await remove.mutateAsync({ seqPasskey: dialog.passkey.seqPasskey, password: parsedPassword.data! });
      if (reply.isSuccess) return close();
      const field = reply.failedCode === FailedCode.WrongPassword ? 'password' : undefined;
      setFailure({ field, text: message(reply.failedCode) ?? '' });
    } catch (error) {
      // An HTTP error has its banner; otherwise the person closed the browser's prompt.
      if (!isApiError(error)) setFailure({ text: t('passkeys.notUsed') });
    }
  };

  const title =
    kind === 'add'
      ? t('passkeys.add')
      : kind === 'rename'
        ? t('passkeys.renameTitle')
        : t('passkeys.removeTitle', { name: dialog?.passkey.name });
  return (
    <Modal opened={dialog !== undefined} onClose={close} title={title}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          {kind === 'add' && <Text size="sm">{t('passkeys.addIntro')}</Text>}
          {failure && !failure.field && (
            <Alert color="red" role="alert">
              {failure.text}
            </Alert>
          )}
          {kind !== 'remove' && (
            <TextInput
              label={t('passkeys.name')}
              description={t('passkeys.nameHint')}
              data-autofocus
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setFailure(undefined);
              }}
              error={failure?.field === 'name' ? failure.text : undefined}
            />
          )}
          {kind !== 'rename' && (
            <PasswordInput
              label={t('account.delete.password')}
              autoComplete="current-password"
              data-autofocus={kind === 'remove' || undefined}
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setFailure(undefined);
              }}
              error={failure?.field === 'password' ? failure.text : undefined}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={kind === 'remove' ? 'red' : undefined}
              loading={register.isPending || rename.isPending || remove.isPending}
            >
              {kind === 'add' ? t('passkeys.add') : kind === 'rename' ? t('passkeys.save') : t('passkeys.remove')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
      <PasskeyDialog dialog={dialog} onClose={() => setDialog(undefined)} />
    </Stack>
  );
}
