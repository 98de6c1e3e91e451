/** SPEC 9 "Stored notifications" and the names shared with public/sw.js. */
export const notificationRules = {
  /** At most this many are kept; the oldest goes when a new one arrives. */
  maxStored: 50,
  /** Tabs and the service worker tell each other that the database changed. */
  channelName: 'clinic-notifications',
  /** The Cache API entry where the page leaves the service worker its translated sentences. */
  textsCacheName: 'clinic-notification-texts',
  textsCachePath: '/__clinic/notification-texts.json',
} as const;
