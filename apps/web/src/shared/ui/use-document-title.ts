import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to "<screen> · <product>". */
export function useDocumentTitle(screenTitle: string | undefined): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = screenTitle ? `${screenTitle} · ${product}` : product;
  }, [screenTitle, product]);
}
