import { readItem, storageKeys, writeItem, type KeyValueStorage } from '../../shared/storage/local-storage.ts';

/** SPEC 3 "Device list items". */
export interface DeviceItem {
  no: number;
  key: string;
  title: string;
  deviceId: string;
}

export type DeviceKind = 'videoinput' | 'audioinput' | 'audiooutput';

type DeviceInfo = Pick<MediaDeviceInfo, 'deviceId' | 'groupId' | 'kind' | 'label'>;

/**
 * SPEC 5: drops devices without a label (no permission yet) and duplicates by group plus device
 * id, sorted by group id.
 */
export function deviceList(devices: readonly DeviceInfo[], kind: DeviceKind): DeviceItem[] {
  const seen = new Set<string>();
  const kept: DeviceInfo[] = [];
  for (const device of devices) {
    if (device.kind !== kind || device.label.trim() === '') continue;
    const key = `${device.groupId}:${device.deviceId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(device);
  }
  kept.sort((left, right) => (left.groupId < right.groupId ? -1 : left.groupId > right.groupId ? 1 : 0));
  return kept.map((device, index) => ({
    no: index + 1,
    key: `${kind}:${device.groupId}:${device.deviceId}`,
    title: device.label,
    deviceId: device.deviceId,
  }));
}

/** SPEC 3 "Local device choice", kept under preSetDeviceId. */
export interface DeviceChoice {
  videoInputDeviceId: string | null;
  audioInputDeviceId: string | null;
  audioOutputDeviceId: string | null;
}

export const emptyDeviceChoice: DeviceChoice = {
  videoInputDeviceId: null,
  audioInputDeviceId: null,
  audioOutputDeviceId: null,
};

function idOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function readDeviceChoice(storage?: KeyValueStorage): DeviceChoice {
  const text = readItem(storageKeys.preSetDeviceId, storage);
  if (!text) return { ...emptyDeviceChoice };
  try {
    const parsed = JSON.parse(text) as Record<string, unknown> | null;
    if (typeof parsed !== 'object' || parsed === null) return { ...emptyDeviceChoice };
    return {
      videoInputDeviceId: idOrNull(parsed.videoInputDeviceId),
      audioInputDeviceId: idOrNull(parsed.audioInputDeviceId),
      audioOutputDeviceId: idOrNull(parsed.audioOutputDeviceId),
    };
  } catch {
    return { ...emptyDeviceChoice };
  }
}

export function saveDeviceChoice(choice: DeviceChoice, storage?: KeyValueStorage): void {
  writeItem(storageKeys.preSetDeviceId, JSON.stringify(choice), storage);
}

/** The saved device when it is still there, else the first of the list, else none. */
export function pickDevice(items: readonly DeviceItem[], saved: string | null): string | null {
  if (saved && items.some((item) => item.deviceId === saved)) return saved;
  return items[0]?.deviceId ?? null;
}

/** The translation key (under videoCall.deviceErrors) of a getUserMedia failure, SPEC 8 "Device". */
export type DeviceErrorKey = 'notAllowed' | 'inUse' | 'hardware' | 'other';

export function deviceErrorKey(error: unknown): DeviceErrorKey {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'notAllowed';
    case 'AbortError':
    case 'NotReadableError':
      return 'inUse';
    case 'OverconstrainedError':
      return 'hardware';
    default:
      return 'other';
  }
}

/**
 * Runs `attempt` until it succeeds, at most 1 + `retries` times, waiting `delayMs` between tries
 * (SPEC 4: a failed camera switch retries up to 10 times at 1 s intervals). Rethrows the last failure.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  retries: number,
  delayMs: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  shouldStop: () => boolean = () => false,
): Promise<T> {
  let lastError: unknown;
  for (let index = 0; index <= retries; index += 1) {
    if (index > 0) await sleep(delayMs);
    if (shouldStop()) break;
    try {
      return await attempt();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('retries exhausted');
}
