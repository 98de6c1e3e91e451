/** An image of the print layout, as far as waiting for it goes. */
export interface PrintImage {
  complete: boolean;
  addEventListener(type: 'load' | 'error', listener: () => void, options: { once: boolean }): void;
}

/** What the wait reads of the print layout. */
export interface PrintLayout {
  /** Whether something is still to come: an image being fetched, or a chart not drawn yet. */
  hasPending(): boolean;
  images(): readonly PrintImage[];
  /** Calls back on every change of the layout; answers how to stop. */
  observe(onChange: () => void): () => void;
}

/** Resolves once the image has loaded or failed. */
function settled(image: PrintImage): Promise<void> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * Resolves when nothing in the print layout is pending and every image in it has loaded or failed,
 * or after `timeoutMs`, so that a stuck image delays printing but never prevents it.
 */
export function whenPrintable(layout: PrintLayout, timeoutMs: number): Promise<void> {
  let stop = (): void => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = new Promise<void>((resolve) => {
    const check = (): void => {
      if (layout.hasPending()) return;
      stop();
      resolve(Promise.all(layout.images().map(settled)).then(() => undefined));
    };
    stop = layout.observe(check);
    check();
  });
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  return Promise.race([ready, late]).finally(() => {
    stop();
    clearTimeout(timer);
  });
}

/**
 * The print layout in the document: pending are the elements marked busy (a signature being
 * fetched, a chart placeholder) and images whose source is not set yet.
 */
export function documentPrintLayout(root: HTMLElement): PrintLayout {
  return {
    hasPending: () => root.querySelector('[aria-busy="true"], img:not([src])') !== null,
    images: () => Array.from(root.querySelectorAll('img')),
    observe: (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(root, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-busy', 'src'],
      });
      return () => observer.disconnect();
    },
  };
}
