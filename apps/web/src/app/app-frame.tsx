import { lazy, Suspense, useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { withLangQuery } from '../shared/i18n/language.ts';
import { navigateTo } from '../shared/navigation/navigate.ts';
import { SiteNotices } from '../shared/notices/site-notices.tsx';
import { authActions, useAuthStore } from '../shared/session/auth-store.ts';
import { storageKeys } from '../shared/storage/local-storage.ts';
import { isIdleTimerActive } from './guards.ts';

const sharedKeys: readonly string[] = Object.values(storageKeys);

// Only a signed-in page watches for idleness; its keep-alive and logout calls load with it.
const IdleWarning = lazy(() => import('./idle-warning.tsx').then((module) => ({ default: module.IdleWarning })));

/** Follows a login or logout made in another tab. */
function useCrossTabSession(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent): void => {
      if (event.key !== null && !sharedKeys.includes(event.key)) return;
      authActions.syncFromStorage();
      const loggedOut = (event.key === null || event.key === storageKeys.accessToken) && !event.newValue;
      if (loggedOut && isIdleTimerActive(window.location.pathname, true)) {
        void navigateTo(withLangQuery(paths.login, window.location.search), { replace: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

function useDocumentLanguage(): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}

/** Wraps every screen: notices, the idle timer and cross-tab session changes. */
export function AppFrame(): ReactElement {
  const location = useLocation();
  const isAuth = useAuthStore((state) => state.isAuth);
  useCrossTabSession();
  useDocumentLanguage();

  return (
    <>
      <Outlet />
      <SiteNotices />
      {isIdleTimerActive(location.pathname, isAuth) && (
        <Suspense fallback={null}>
          <IdleWarning enabled />
        </Suspense>
      )}
    </>
  );
}
