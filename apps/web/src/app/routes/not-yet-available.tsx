import type { ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { withLangQuery } from '../../shared/i18n/language.ts';

/** Screens of later issues: their routes and guards exist; until they are built they lead home. */
export function NotYetAvailable(): ReactElement {
  const location = useLocation();
  return <Navigate to={withLangQuery(paths.home, location.search)} replace />;
}
