import type * as BookScreen from './book-screen.tsx';
import type * as HomeScreen from './home-screen.tsx';
import type * as MessagesScreen from '../messages/messages-screen.tsx';
import type { Screen } from '../navigation/screen-url.ts';
import type * as ProgramScreen from './program-screen.tsx';
import type * as QuestionnaireScreen from './questionnaire-screen.tsx';
import type * as SymptomsScreen from './symptoms-screen.tsx';

/**
 * The chunk of each screen an address can name (navigation/screen-url.ts). The app starts the
 * current one's beside the signed-in shell's, rather than once the shell has run (startScreen).
 */
export const screens: {
  home: () => Promise<typeof HomeScreen>;
  program: () => Promise<typeof ProgramScreen>;
  symptoms: () => Promise<typeof SymptomsScreen>;
  book: () => Promise<typeof BookScreen>;
  questionnaire: () => Promise<typeof QuestionnaireScreen>;
  messages: () => Promise<typeof MessagesScreen>;
} = {
  home: () => import('./home-screen.tsx'),
  program: () => import('./program-screen.tsx'),
  symptoms: () => import('./symptoms-screen.tsx'),
  book: () => import('./book-screen.tsx'),
  questionnaire: () => import('./questionnaire-screen.tsx'),
  messages: () => import('../messages/messages-screen.tsx'),
};

/** The data a screen shows first, asked for while its code loads rather than once it has drawn. */
async function prefetch(screen: Screen): Promise<void> {
  switch (screen.name) {
    case 'home':
      return (await import('../api/visits.ts')).prefetchVisits();
    case 'program': {
      // The screen shows the due questionnaires above the program, and draws both at once.
      await Promise.all([
        import('../api/program.ts').then(({ prefetchProgram }) => prefetchProgram()),
        import('../api/questionnaires.ts').then(({ prefetchMyQuestionnaires }) => prefetchMyQuestionnaires()),
      ]);
      return undefined;
    }
    case 'questionnaire':
      return (await import('../api/questionnaires.ts')).prefetchMyQuestionnaire(screen.id);
    default:
      return undefined;
  }
}

/** Starts loading a screen's chunk and its first data; a failure is the screen's to show once it draws. */
export function startScreen(screen: Screen): void {
  void screens[screen.name]().catch(() => undefined);
  void prefetch(screen).catch(() => undefined);
}
