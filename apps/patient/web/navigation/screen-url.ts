/**
 * Which screen an address of the signed-in app opens. The screen is in the query, so that a link (a
 * push notification's, a bookmark) opens it and the browser's back button goes back through them:
 * `?screen=program`, `?screen=symptoms`, `?screen=book`, `?questionnaire=<seqQuestionnaireRequest>` (the
 * address a questionnaire's push opens too), `?screen=messages` for the message threads and
 * `?messages=<seqMedicalRelation>` for the thread with one clinician (the address a message's push and
 * mail open), and `?visit=<seqSchedule>` for the home screen focused on one visit. Anything else opens
 * the home screen.
 */
export type Screen =
  | { name: 'home'; visit?: number }
  | { name: 'program' }
  | { name: 'symptoms' }
  | { name: 'book' }
  | { name: 'questionnaire'; id: number }
  | { name: 'messages'; relation?: number };

type ScreenName = Screen['name'];

const screenParameter = 'screen';
const visitParameter = 'visit';
const questionnaireParameter = 'questionnaire';
const messagesParameter = 'messages';
const namedScreens = ['program', 'symptoms', 'book', 'messages'] as const satisfies readonly ScreenName[];

function isNamedScreen(value: string | null): value is (typeof namedScreens)[number] {
  return value !== null && (namedScreens as readonly string[]).includes(value);
}

/** A record's id in the address, or undefined unless it is a positive whole number. */
function idOf(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The screen a query string opens. */
export function screenOfSearch(search: string): Screen {
  const query = new URLSearchParams(search);
  const name = query.get(screenParameter);
  if (isNamedScreen(name)) return { name };
  const relation = idOf(query.get(messagesParameter));
  if (relation !== undefined) return { name: 'messages', relation };
  const questionnaire = idOf(query.get(questionnaireParameter));
  if (questionnaire !== undefined) return { name: 'questionnaire', id: questionnaire };
  const visit = idOf(query.get(visitParameter));
  return visit !== undefined ? { name: 'home', visit } : { name: 'home' };
}

/**
 * The address of a screen, from the current one: the path and other query parameters (the
 * language's) stay, the screen's own are replaced.
 */
export function searchOfScreen(currentSearch: string, screen: Screen): string {
  const query = new URLSearchParams(currentSearch);
  query.delete(screenParameter);
  query.delete(visitParameter);
  query.delete(questionnaireParameter);
  query.delete(messagesParameter);
  if (screen.name === 'questionnaire') query.set(questionnaireParameter, String(screen.id));
  else if (screen.name === 'messages' && screen.relation !== undefined)
    query.set(messagesParameter, String(screen.relation));
  else if (screen.name !== 'home') query.set(screenParameter, screen.name);
  else if (screen.visit !== undefined) query.set(visitParameter, String(screen.visit));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}
