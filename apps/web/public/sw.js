/* Service worker of the clinic web app: Web Push notifications (SPEC 2, 3 and 9).
 * Plain JavaScript, served as /sw.js without a build step. It writes the same browser database as
 * src/features/notifications/notification-db.ts (names, version 1, items {key, data, time, read},
 * at most 50 kept); change both together. */
'use strict';

const dbName = 'clinic-notifications';
const dbVersion = 1;
const storeName = 'notifications';
const timeIndex = 'time';
const maxStored = 50;
const channelName = 'clinic-notifications';
const textsCacheName = 'clinic-notification-texts';
const textsCachePath = '/__clinic/notification-texts.json';
const pushTypes = [1, 2, 3, 4, 5, 9, 10];
const alertKinds = ['pain', 'romRegression', 'noData', 'lowAdherence', 'pastDue'];

/** English, for when the page has not yet left the sentences of the clinician's language. */
const fallbackTexts = {
  language: 'en',
  title: 'Remote Rehab Clinic',
  types: {
    1: 'You booked a visit with {{patientName}} for {{when}}.',
    2: '{{patientName}} booked a visit for {{when}}.',
    3: 'You cancelled the visit with {{patientName}} on {{when}}.',
    4: '{{patientName}} cancelled the visit on {{when}}.',
    5: 'The visit with {{patientName}} starts soon, at {{when}}.',
    9: 'The visit with {{patientName}} on {{when}} is completed.',
    10: 'The visit with {{patientName}} on {{when}} expired without starting.',
  },
  alerts: {
    pain: '{{patientName}} reported pain at or above your alert level.',
    romRegression: "{{patientName}}'s range of motion fell back this week.",
    noData: 'No device data from {{patientName}} for several days.',
    lowAdherence: '{{patientName}} did fewer sessions than prescribed this week.',
    pastDue: "{{patientName}}'s prescription is past its due date.",
  },
  symptomReport: '{{patientName}} sent a symptom report.',
  message: '{{patientName}} sent you a message.',
  waiting: '{{patientName}} is waiting in the waiting room.',
};

function warn(problem, detail) {
  // eslint-disable-next-line no-console -- failures of the push path are logged, never shown
  console.warn(`[clinic sw] ${problem}`, detail);
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function requestOf(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDb() {
  const request = indexedDB.open(dbName, dbVersion);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(storeName)) {
      const store = db.createObjectStore(storeName, { keyPath: 'key' });
      store.createIndex(timeIndex, 'time');
    }
  };
  return requestOf(request);
}

/** The contract's alert notification (packages/contract/src/notification.ts), checked field by field. */
function alertOf(value) {
  if (typeof value.key !== 'string' || typeof value.patientName !== 'string' || typeof value.time !== 'string')
    return null;
  if (!Number.isInteger(value.seqMonitoringAlert) || !Number.isInteger(value.seqMedicalRelation)) return null;
  if (!alertKinds.includes(value.alertKind)) return null;
  return {
    key: value.key,
    seqMonitoringAlert: value.seqMonitoringAlert,
    seqMedicalRelation: value.seqMedicalRelation,
    patientName: value.patientName,
    alertKind: value.alertKind,
    time: value.time,
  };
}

/** The contract's symptom report notification, checked field by field. */
function symptomReportOf(value) {
  if (typeof value.key !== 'string' || typeof value.patientName !== 'string' || typeof value.time !== 'string')
    return null;
  if (!Number.isInteger(value.seqSymptomReport) || !Number.isInteger(value.seqMedicalRelation)) return null;
  return {
    key: value.key,
    seqSymptomReport: value.seqSymptomReport,
    seqMedicalRelation: value.seqMedicalRelation,
    patientName: value.patientName,
    time: value.time,
  };
}

/** The contract's notification (packages/contract/src/notification.ts), checked field by field. */
function notificationOf(payload) {
  const messageTypes = ['notification', 'alert', 'symptomReport'];
  const value = payload && messageTypes.includes(payload.type) ? payload.notification : payload;
  if (!value || typeof value !== 'object') return null;
  if ('seqSymptomReport' in value) return symptomReportOf(value);
  if ('alertKind' in value) return alertOf(value);
  const strings = ['key', 'patientName', 'managerName', 'scheduleExpectStartDatetime', 'time'];
  const integers = ['seqSchedule', 'seqMedicalRelation'];
  if (!strings.every((name) => typeof value[name] === 'string')) return null;
  if (!integers.every((name) => Number.isInteger(value[name]))) return null;
  if (!pushTypes.includes(value.pushType)) return null;
  return {
    key: value.key,
    pushType: value.pushType,
    seqSchedule: value.seqSchedule,
    seqMedicalRelation: value.seqMedicalRelation,
    patientName: value.patientName,
    managerName: value.managerName,
    scheduleExpectStartDatetime: value.scheduleExpectStartDatetime,
    time: value.time,
  };
}

/**
 * The contract's messageNotification: new messages from a patient, named by the patient and the
 * thread only. It is shown, not kept in the list of notifications.
 */
function messageNotificationOf(value) {
  if (!value || typeof value !== 'object' || value.kind !== 'message') return null;
  if (typeof value.key !== 'string' || typeof value.patientName !== 'string') return null;
  if (!Number.isInteger(value.seqMedicalRelation)) return null;
  return { key: value.key, seqMedicalRelation: value.seqMedicalRelation, patientName: value.patientName };
}

/**
 * A notification shown and not kept (new messages, a waiting patient): one per tag, which a later
 * one replaces, saying `text` (a key of the texts) of the patient. A tap opens `path`.
 */
async function showOnce({ key, patientName }, { text, tag, path }) {
  if (await hasVisibleFocusedWindow()) return;
  const texts = await textsFor();
  const template = typeof texts[text] === 'string' ? texts[text] : fallbackTexts[text];
  await self.registration.showNotification(texts.title, {
    body: template.split('{{patientName}}').join(patientName),
    tag,
    renotify: true,
    icon: '/favicon.svg',
    data: { key, path },
  });
}

/** The contract's waitingNotification: a patient came to, or knocked at, a visit's waiting room. Shown, not kept. */
function waitingNotificationOf(value) {
  if (!value || typeof value !== 'object' || value.kind !== 'waiting') return null;
  if (typeof value.key !== 'string' || typeof value.patientName !== 'string') return null;
  if (!Number.isInteger(value.seqSchedule)) return null;
  return { key: value.key, seqSchedule: value.seqSchedule, patientName: value.patientName };
}

function timeOf(notification) {
  const parsed = Date.parse(notification.time);
  return Number.isNaN(parsed) ? Date.now() : parsed;
}

/** Keeps it unread unless the key is kept already, then drops the oldest beyond the cap. */
async function store(notification) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(storeName, 'readwrite');
      const items = tx.objectStore(storeName);
      let isNew = false;
      tx.oncomplete = () => resolve(isNew);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
      items.getKey(notification.key).onsuccess = (event) => {
        if (event.target.result !== undefined) return;
        isNew = true;
        items.put({ key: notification.key, data: notification, time: timeOf(notification), read: false });
        items.count().onsuccess = (countEvent) => {
          let extra = countEvent.target.result - maxStored;
          if (extra <= 0) return;
          items.index(timeIndex).openCursor().onsuccess = (cursorEvent) => {
            const cursor = cursorEvent.target.result;
            if (!cursor || extra <= 0) return;
            cursor.delete();
            extra -= 1;
            cursor.continue();
          };
        };
      };
    });
  } finally {
    db.close();
  }
}

async function textsFor() {
  try {
    const cache = await caches.open(textsCacheName);
    const response = await cache.match(textsCachePath);
    if (response) {
      const texts = await response.json();
      if (texts && typeof texts.title === 'string' && texts.types) return texts;
    }
  } catch (error) {
    warn('no notification texts', error);
  }
  return fallbackTexts;
}

function pad(value, size = 2) {
  return String(value).padStart(size, '0');
}

/** As the page shows it (SPEC 2 "Shared widgets"): YYYY.MM.DD in Korean, MM/DD/YYYY otherwise, then HH:mm. */
function formatWhen(value, language) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const year = pad(date.getFullYear(), 4);
  const month = pad(date.getMonth() + 1);
  const day = pad(date.getDate());
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return language === 'ko' ? `${year}.${month}.${day} ${clock}` : `${month}/${day}/${year} ${clock}`;
}

function sentence(texts, notification) {
  if ('seqSymptomReport' in notification) {
    const template = typeof texts.symptomReport === 'string' ? texts.symptomReport : fallbackTexts.symptomReport;
    return template.split('{{patientName}}').join(notification.patientName);
  }
  if (notification.alertKind) {
    const alert =
      (texts.alerts && texts.alerts[notification.alertKind]) || fallbackTexts.alerts[notification.alertKind];
    return alert.split('{{patientName}}').join(notification.patientName);
  }
  const template = texts.types[notification.pushType] || fallbackTexts.types[notification.pushType] || '';
  const when = formatWhen(notification.scheduleExpectStartDatetime, texts.language);
  return template.split('{{patientName}}').join(notification.patientName).split('{{when}}').join(when);
}

async function hasVisibleFocusedWindow() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some((client) => client.visibilityState === 'visible' && client.focused);
}

/**
 * As the page's notificationPath: a symptom report opens the patient's reports, anything else home.
 * The path is patientDetailsPath of src/config/paths.ts, repeated: the worker imports no app code.
 */
function pathOf(notification) {
  return 'seqSymptomReport' in notification
    ? `/patientList/details/symptoms?id=${notification.seqMedicalRelation}`
    : '/';
}

async function onPush(event) {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch (error) {
    warn('a push that is not JSON', error);
  }
  const message = messageNotificationOf(payload);
  if (message) {
    // One per thread; a tap opens the thread.
    await showOnce(message, {
      text: 'message',
      tag: `message-${message.seqMedicalRelation}`,
      path: `/patientList/details/messages?id=${message.seqMedicalRelation}`,
    });
    return;
  }
  const waiting = waitingNotificationOf(payload);
  if (waiting) {
    // One per visit, renewed by a knock; a tap opens the visit's call screen.
    await showOnce(waiting, {
      text: 'waiting',
      tag: `waiting-${waiting.seqSchedule}`,
      path: `/remote?seqSchedule=${waiting.seqSchedule}`,
    });
    return;
  }
  const notification = notificationOf(payload);
  if (!notification) {
    warn('a push outside the contract', payload);
    return;
  }
  try {
    const isNew = await store(notification);
    // Open tabs re-read the list, and show it if their socket has not brought it already.
    if (isNew) new BroadcastChannel(channelName).postMessage({ type: 'changed', notification });
  } catch (error) {
    warn('cannot keep the notification', error);
  }
  // An open, focused tab shows it itself, from the socket.
  if (await hasVisibleFocusedWindow()) return;
  const texts = await textsFor();
  await self.registration.showNotification(texts.title, {
    body: sentence(texts, notification),
    tag: notification.key,
    icon: '/favicon.svg',
    data: { key: notification.key, path: pathOf(notification) },
  });
}

self.addEventListener('push', (event) => {
  event.waitUntil(
    onPush(event).catch((error) => {
      warn('push failed', error);
    }),
  );
});

/**
 * SPEC 2: a tap on a push goes to the home page (a symptom report's to the patient's reports, a
 * message's to the thread, a waiting patient's to the visit's call screen), in an open tab when there is one.
 */
async function onNotificationClick(event) {
  event.notification.close();
  const data = event.notification.data;
  // A path of this site only: never `//host`, another site.
  const path = data && typeof data.path === 'string' && /^\/(?!\/)/.test(data.path) ? data.path : '/';
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((candidate) => new URL(candidate.url).origin === self.location.origin);
  if (client) {
    // Told first: the tab goes there even where the browser refuses to focus it.
    client.postMessage({ type: 'navigate', path });
    await client.focus().catch((error) => warn('cannot focus the tab', error));
    return;
  }
  await self.clients.openWindow(path);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(
    onNotificationClick(event).catch((error) => {
      warn('cannot open the app', error);
    }),
  );
});
