import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../../shared/storage/local-storage.ts';
import { deviceErrorKey, deviceList, pickDevice, readDeviceChoice, saveDeviceChoice, withRetries } from './devices.ts';

const device = (kind: MediaDeviceKind, deviceId: string, groupId: string, label: string) => ({
  kind,
  deviceId,
  groupId,
  label,
});

describe('device list rule (SPEC 5)', () => {
  it('drops unlabeled devices and duplicates by group and device id, sorted by group id', () => {
    const list = deviceList(
      [
        device('videoinput', 'cam-b', 'g2', 'Camera B'),
        device('videoinput', 'cam-a', 'g1', 'Camera A'),
        device('videoinput', 'cam-a', 'g1', 'Camera A again'),
        device('videoinput', 'hidden', 'g0', ''),
        device('audioinput', 'mic', 'g1', 'Mic'),
      ],
      'videoinput',
    );
    expect(list).toEqual([
      { no: 1, key: 'videoinput:g1:cam-a', title: 'Camera A', deviceId: 'cam-a' },
      { no: 2, key: 'videoinput:g2:cam-b', title: 'Camera B', deviceId: 'cam-b' },
    ]);
  });

  it('keeps the saved device when it is still there, else the first', () => {
    const items = deviceList(
      [device('audioinput', 'a', 'g1', 'A'), device('audioinput', 'b', 'g2', 'B')],
      'audioinput',
    );
    expect(pickDevice(items, 'b')).toBe('b');
    expect(pickDevice(items, 'gone')).toBe('a');
    expect(pickDevice([], 'gone')).toBeNull();
  });
});

describe('preset device storage', () => {
  it('keeps the choice under preSetDeviceId and reads back only string ids', () => {
    const storage = createMemoryStorage();
    expect(readDeviceChoice(storage)).toEqual({
      videoInputDeviceId: null,
      audioInputDeviceId: null,
      audioOutputDeviceId: null,
    });
    saveDeviceChoice({ videoInputDeviceId: 'v', audioInputDeviceId: 'a', audioOutputDeviceId: null }, storage);
    expect(JSON.parse(storage.getItem('preSetDeviceId') ?? '')).toEqual({
      videoInputDeviceId: 'v',
      audioInputDeviceId: 'a',
      audioOutputDeviceId: null,
    });
    expect(readDeviceChoice(storage)).toEqual({
      videoInputDeviceId: 'v',
      audioInputDeviceId: 'a',
      audioOutputDeviceId: null,
    });
    storage.setItem('preSetDeviceId', '{"videoInputDeviceId":5');
    expect(readDeviceChoice(storage).videoInputDeviceId).toBeNull();
  });
});

describe('device errors (SPEC 8 "Device")', () => {
  const named = (name: string): Error => Object.assign(new Error(name), { name });
  it('maps the getUserMedia failures', () => {
    expect(deviceErrorKey(named('NotAllowedError'))).toBe('notAllowed');
    expect(deviceErrorKey(named('AbortError'))).toBe('inUse');
    expect(deviceErrorKey(named('NotReadableError'))).toBe('inUse');
    expect(deviceErrorKey(named('OverconstrainedError'))).toBe('hardware');
    expect(deviceErrorKey(named('NotFoundError'))).toBe('other');
    expect(deviceErrorKey('weird')).toBe('other');
  });
});

describe('camera retries', () => {
  it('tries 1 + 10 times, 1 s apart, then gives up with the last error', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const attempt = vi.fn(() => Promise.reject(new Error('busy')));
    await expect(withRetries(attempt, 10, 1000, sleep)).rejects.toThrow('busy');
    expect(attempt).toHaveBeenCalledTimes(11);
    expect(sleep).toHaveBeenCalledTimes(10);
    expect(sleep).toHaveBeenCalledWith(1000);
  });

  it('stops at the first success', async () => {
    let calls = 0;
    const value = await withRetries(
      () => (++calls < 3 ? Promise.reject(new Error('busy')) : Promise.resolve('ok')),
      10,
      1000,
      () => Promise.resolve(),
    );
    expect(value).toBe('ok');
    expect(calls).toBe(3);
  });
});
