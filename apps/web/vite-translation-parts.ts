import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * Top-level sections of a language's translation.json shown only once signed in. The login, sign-up
 * and recovery pages load the file without them (`?part=start`); the signed-in screens load them
 * (`?part=signedIn`) before they are drawn (i18n.ts).
 */
export const signedInSections: readonly string[] = [
  'categories',
  'condition',
  'exercises',
  'fields',
  'home',
  'image',
  'imageSlider',
  'messaging',
  'monitoring',
  'monitoringTime',
  'notes',
  'notifications',
  'options',
  'patientDetails',
  'patients',
  'payments',
  'plan',
  'profile',
  'questionnaires',
  'receipt',
  'record',
  'report',
  'schedule',
  'units',
  'videoCall',
];

const partRequest = /^(.*\/locales\/[\w-]+\/translation\.json)\?part=(start|signedIn)$/;

/** Serves `translation.json?part=start|signedIn` as the file's sections before or after signing in. */
export function translationParts(): Plugin {
  return {
    name: 'translation-parts',
    enforce: 'pre',
    async load(id) {
      const [, file, part] = partRequest.exec(id) ?? [];
      if (!file) return null;
      const sections = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const wanted = Object.fromEntries(
        Object.entries(sections).filter(([name]) => signedInSections.includes(name) === (part === 'signedIn')),
      );
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(wanted))});`, map: null };
    },
  };
}
