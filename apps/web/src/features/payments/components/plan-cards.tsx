import type { Product, SubscriptionStatus } from '@clinic/contract';
import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { planAction } from '../plan-presentation.ts';
import { usePlanText } from './plan-text.ts';

/** The plans of `/payments`: each with its limit and price and what can be done with it. */
export function PlanCards({
  products,
  subscription,
  onSubscribe,
  onChange,
}: {
  products: readonly Product[];
  subscription: SubscriptionStatus | undefined;
  onSubscribe: (product: Product) => void;
  onChange: (product: Product) => void;
}): ReactElement {
  const { t } = useTranslation();
  const text = usePlanText();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {products.map((product) => {
        const action = planAction(product, subscription);
        const name = text.name(product);
        return (
          <Card key={product.seqProduct} withBorder padding="lg" component="article" aria-label={name}>
            <Stack gap="xs" h="100%">
              <Title order={3}>{name}</Title>
              {action === 'current' && (
                <Badge color="teal" variant="light">
                  {t('payments.currentPlan')}
                </Badge>
              )}
              <Text fw={700} size="xl">
                {text.price(product)}
              </Text>
              <Text size="sm">{text.limit(product.productPatientProfileLimit)}</Text>
              <Text size="xs" c="dimmed" style={{ flexGrow: 1 }}>
                {t('payments.trialHint')}
              </Text>
              {action === 'subscribe' && (
                <Button onClick={() => onSubscribe(product)} aria-label={t('payments.subscribeTo', { plan: name })}>
                  {t('payments.subscribe')}
                </Button>
              )}
              {action === 'change' && (
                <Button variant="light" onClick={() => onChange(product)}>
                  {t('payments.changeTo', { plan: name })}
                </Button>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
