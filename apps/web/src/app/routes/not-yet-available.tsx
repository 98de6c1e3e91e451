import type { ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { withLangQuery } from '../../shared/i18n/language.ts';
import { skipPaymentInfoAfterSuccess } from '../guards.ts';

/** Screens of later issues: their routes and guards exist; until they are built they lead home. */
export function NotYetAvailable(): ReactElement {
  const location = useLocation();
  return <Navigate to={withLangQuery(paths.home, location.search)} replace />;
}

/** Payment info, skipped to the options screen after a successful payment result. */
export function PaymentInfoRoute(): ReactElement {
  const location = useLocation();
  const skipTo = skipPaymentInfoAfterSuccess(location.state, location.search);
  if (skipTo) return <Navigate to={skipTo} replace />;
  return <NotYetAvailable />;
}
