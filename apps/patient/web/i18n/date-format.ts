const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date format made once per language and options: making one costs a phone a millisecond or more,
 * and a screen formats dozens of dates (the program's sessions and chart days).
 */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
}
