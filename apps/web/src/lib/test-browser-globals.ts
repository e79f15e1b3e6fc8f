/** Minimal browser globals for unit tests that run in Node (storage, window, location). */
class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

/** Installs the globals once; returns the reload counter for chunk-reload tests. */
export function installBrowserGlobals(): { reloads: () => number } {
  let reloads = 0;
  const g = globalThis as Record<string, unknown>;
  g.localStorage = new MemoryStorage();
  g.sessionStorage = new MemoryStorage();
  g.window = {
    location: { origin: 'http://towerwatch.test', reload: () => reloads++ },
    addEventListener: () => {},
  };
  return { reloads: () => reloads };
}
