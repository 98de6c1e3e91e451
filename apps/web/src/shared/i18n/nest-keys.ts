export interface NestedStrings {
  [key: string]: string | NestedStrings;
}

/** Turns `{ 'a.b': 'x' }` into `{ a: { b: 'x' } }`, the shape i18next reads with its `.` key separator. */
export function nestKeys(flat: Readonly<Record<string, string>>): NestedStrings {
  const root: NestedStrings = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const child = node[part];
      if (typeof child === 'string') throw new Error(`Key ${key} collides with ${part}`);
      node = child ?? (node[part] = {});
    }
    node[parts.at(-1) ?? key] = value;
  }
  return root;
}

/** Every dotted key path of a nested translation object, sorted. */
export function flattenKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree)
    .flatMap(([key, value]) => flattenKeys(value, prefix ? `${prefix}.${key}` : key))
    .sort();
}
