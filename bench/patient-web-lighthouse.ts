import { getMyProgram } from '@clinic/contract';
import type { Benchmark } from './result.ts';
import { scoreResults } from './web-lighthouse.ts';
import { patientLoggedInStorage, productStack } from './web.ts';

/**
 * Lighthouse 12's mobile performance score of the patient app (issue 34's budget): /patient/ for a
 * fresh visitor (the login screen) and the program screen after a demo patient's login, on the built
 * app served by the real server, beside the bare login page of the lighthouse benchmark.
 */
export const patientWebLighthouse: Benchmark = {
  name: 'patient-lighthouse',
  async run(options) {
    const stack = await productStack({ demo: true });
    return scoreResults(options, stack, [
      { name: 'Lighthouse mobile performance at /patient/ (login)', url: `${stack.url}/patient/` },
      {
        name: "Lighthouse mobile performance at the patient's program screen, after login",
        url: `${stack.url}/patient/?screen=program`,
        // A fresh login each round; the path is /patient/ signed in or not, so the program's read proves the session.
        login: () => patientLoggedInStorage(stack.url),
        check: { reads: getMyProgram.path },
      },
    ]);
  },
};
