import { formatMoney, isLanguage, isPlanCode, type Product } from '@clinic/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../shared/i18n/i18n.ts';
import { isUnlimited } from '../plan-presentation.ts';

export interface PlanText {
  name: (product: Pick<Product, 'productCode' | 'defaultProductTitle'>) => string;
  limit: (limit: number) => string;
  price: (product: Pick<Product, 'priceMinor' | 'currency'>) => string;
}

/** Plan names by their code (the server's titles only for an unknown code), limits and prices. */
export function usePlanText(): PlanText {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const name = useCallback(
    // The contract's planName, read from the loaded language rather than every language's messages.
    (product: Pick<Product, 'productCode' | 'defaultProductTitle'>) =>
      isPlanCode(product.productCode)
        ? messageText(`plan.${product.productCode}`, isLanguage(language) ? language : undefined)
        : product.defaultProductTitle,
    [language],
  );
  const limit = useCallback(
    (value: number) => (isUnlimited(value) ? t('payments.limitUnlimited') : t('payments.limit', { limit: value })),
    [t],
  );
  const price = useCallback(
    (product: Pick<Product, 'priceMinor' | 'currency'>) =>
      t('payments.perMonth', { price: formatMoney(product.priceMinor, product.currency, language) }),
    [t, language],
  );
  return { name, limit, price };
}
