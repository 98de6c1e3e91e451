/** Where the patient's app lives: its pages, its service worker's scope and its installed start page. */
export const appScope = '/patient/';

/** The app's icons under public/icons, drawn from favicon.svg (the maskable one keeps its cross in the safe zone). */
export const appIcons = {
  small: 'icons/icon-192.png',
  large: 'icons/icon-512.png',
  maskable: 'icons/maskable-512.png',
  appleTouch: 'icons/apple-touch-icon-180.png',
} as const;
