export interface NavigateOptions {
  replace?: boolean;
}

export type Navigator = (to: string, options?: NavigateOptions) => Promise<void> | void;

let current: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

/** The router registers itself here, so code outside React (the HTTP client, timers) can navigate. */
export function registerNavigator(navigator: Navigator): void {
  current = navigator;
}

/** Resolves once the new screen is shown (with the router) or the page starts loading. */
export async function navigateTo(to: string, options?: NavigateOptions): Promise<void> {
  await current(to, options);
}

/** A full page load of the site root, used when a code chunk cannot be loaded. */
export function reloadSiteRoot(): void {
  window.location.assign('/');
}
