import { Anchor, Stack, Tabs, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { forgetLinkToken, useLinkToken, type CapturedLink } from '../link-token.ts';
import { FindIdForm } from './find-id-form.tsx';
import { FindPasswordForm } from './find-password-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

type RecoveryTab = 'id' | 'password';

/** `/login/findPassword`: find ID and find password tabs, or the new-password form of a `#reset=` link. */
export function PasswordRecovery(): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const link = useLinkToken('reset');
  const [active, setActive] = useState<CapturedLink | undefined>(link);
  if (link && link.id !== active?.id) setActive(link);
  const tab: RecoveryTab = searchParams.get('tab') === 'id' ? 'id' : 'password';

  const selectTab = (value: string | null): void => {
    const next = new URLSearchParams(searchParams);
    next.set('tab', value === 'id' ? 'id' : 'password');
    setSearchParams(next, { replace: true });
  };

  if (active) {
    return (
      <ResetPasswordForm
        key={active.id}
        token={active.token}
        onSettled={() => forgetLinkToken('reset', active.id)}
        onRestart={() => {
          forgetLinkToken('reset', active.id);
          setActive(undefined);
          selectTab('password');
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      <Title order={2}>{t('recovery.title')}</Title>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="id">{t('recovery.findIdTab')}</Tabs.Tab>
          <Tabs.Tab value="password">{t('recovery.findPasswordTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="id" pt="md">
          <FindIdForm />
        </Tabs.Panel>
        <Tabs.Panel value="password" pt="md">
          <FindPasswordForm />
        </Tabs.Panel>
      </Tabs>
      <Anchor component={Link} to={withLangQuery(paths.login, location.search)} size="sm" ta="center">
        {t('common.backToLogin')}
      </Anchor>
    </Stack>
  );
}
