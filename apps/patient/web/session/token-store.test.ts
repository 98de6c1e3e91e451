import { describe, expect, it } from 'vitest';
import { createTokenStore, patientStorageKeys, type KeyValueStorage } from './token-store.ts';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('the patient token store', () => {
  it('keeps tokens under patient keys, never the clinician app’s', () => {
    const storage = memoryStorage();
    storage.setItem('accessToken', 'clinician-access');
    storage.setItem('refreshToken', 'clinician-refresh');
    const store = createTokenStore(storage);
    store.save({ accessToken: 'a1', refreshToken: 'r1' });
    expect(store.read()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    expect(storage.map.get(patientStorageKeys.accessToken)).toBe('a1');
    expect(storage.map.get('accessToken')).toBe('clinician-access');
    store.clear();
    expect(store.read()).toEqual({ accessToken: null, refreshToken: null });
    expect(storage.map.get('refreshToken')).toBe('clinician-refresh');
  });

  it('keeps the other token when only one rotates, and tells its listeners', () => {
    const store = createTokenStore(memoryStorage());
    const seen: (string | null)[] = [];
    const stop = store.subscribe((tokens) => seen.push(tokens.accessToken));
    store.save({ accessToken: 'a1', refreshToken: 'r1' });
    store.save({ accessToken: 'a2' });
    expect(store.read()).toEqual({ accessToken: 'a2', refreshToken: 'r1' });
    stop();
    store.clear();
    expect(seen).toEqual(['a1', 'a2']);
  });

  it('works without storage (private mode) and with a storage that throws', () => {
    const none = createTokenStore(undefined);
    none.save({ accessToken: 'a' });
    expect(none.read()).toEqual({ accessToken: null, refreshToken: null });
    const broken = createTokenStore({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    broken.save({ accessToken: 'a' });
    broken.clear();
    expect(broken.read()).toEqual({ accessToken: null, refreshToken: null });
  });
});
