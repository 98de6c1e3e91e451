/** A form-encoded body or query as Stripe's clients send it: `a[b][c]=v` nests, `a[0]=v` lists. */
export type Form = { [key: string]: string | Form };

export function parseForm(text: string): Form {
  const form: Form = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/\[|\]\[|\]$/).filter((part, index) => index === 0 || part !== '');
    let node = form;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = typeof next === 'object' ? next : (node[part] = {});
    }
    node[path.at(-1)!] = value;
  }
  return form;
}

export const text = (form: Form | undefined, ...path: string[]): string | undefined => {
  let node: string | Form | undefined = form;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** A nested part of a form, such as `metadata`, as plain strings. */
export const strings = (form: Form | undefined, name: string): Record<string, string> => {
  const node = form?.[name];
  return typeof node === 'object'
    ? Object.fromEntries(
        Object.entries(node).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};
};
