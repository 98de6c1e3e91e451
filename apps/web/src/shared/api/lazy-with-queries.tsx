import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';

/**
 * A part of the login screen loaded when first shown, inside the query cache, which loads with it:
 * the login screen itself needs neither.
 */
export function lazyWithQueries<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [{ QueryProvider }, Part] = await Promise.all([import('./query-provider.tsx'), load()]);
    return {
      default: (props: P): ReactElement => (
        <QueryProvider>
          <Part {...props} />
        </QueryProvider>
      ),
    };
  });
}
