import type { Benchmark } from './result.ts';
import { firstLoadResults, screenFiles } from './web-bytes.ts';
import { demoPatient, loggedInContext, patientDist, patientLoggedInStorage, productStack } from './web.ts';

/**
 * First-load JS on the wire (issue 34's budget) of the patient app: at /patient/ for a fresh visitor
 * (the login screen) and, after a patient's login, at the program screen before its own chunk (the
 * signed-in shell); in Chromium on the built app served by the real server, beside the bare Vite +
 * React + Mantine login page of web-bytes.
 */
export const patientWebBytes: Benchmark = {
  name: 'patient-web-bytes',
  async run(options) {
    // What the shell loads is shared; the program screen's own files are what only it imports.
    const programFiles = await screenFiles(patientDist, 'program-screen', ['signed-in']);
    // The demo's patients use the app: a program, visits and a year of device records.
    const stack = await productStack({ demo: true });
    return firstLoadResults(options, stack, [
      {
        name: 'first-load JS at /patient/ (login), on the wire',
        url: `${stack.url}/patient/`,
        context: () => stack.newContext(),
      },
      {
        name: "first-load JS after a patient's login, before the program screen's own chunk, on the wire",
        url: `${stack.url}/patient/?screen=program`,
        context: () => loggedInContext(stack.browser, stack.url, demoPatient, patientLoggedInStorage),
        stopAt: programFiles,
      },
    ]);
  },
};
