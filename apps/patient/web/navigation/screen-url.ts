/**
 * Which screen an address of the signed-in app opens. The screen is in the query, so that a link (a
 * push notification's, a bookmark) opens it and the browser's back button goes back through them:
 * `?screen=program`, `?screen=symptoms`, `?screen=book`, and `?visit=<seqSchedule>` for the home
 * screen focused on one visit. Anything else opens the home screen.
 */
export type Screen = { name: 'home'; visit?: number } | { name: 'program' } | { name: 'symptoms' } | { name: 'book' };

type ScreenName = Screen['name'];

const screenParameter = 'screen';
const visitParameter = 'visit';
const namedScreens: readonly ScreenName[] = ['program', 'symptoms', 'book'];

function isNamedScreen(value: string | null): value is Exclude<ScreenName, 'home'> {
  return value !== null && (namedScreens as readonly string[]).includes(value);
}

/** The screen a query string opens. */
export function screenOfSearch(search: string): Screen {
  const query = new URLSearchParams(search);
  const name = query.get(screenParameter);
  if (isNamedScreen(name)) return { name };
  const visit = Number(query.get(visitParameter));
  return Number.isSafeInteger(visit) && visit > 0 ? { name: 'home', visit } : { name: 'home' };
}

/**
 * The address of a screen, from the current one: the path and other query parameters (the
 * language's) stay, the screen's own are replaced.
 */
export function searchOfScreen(currentSearch: string, screen: Screen): string {
  const query = new URLSearchParams(currentSearch);
  query.delete(screenParameter);
  query.delete(visitParameter);
  if (screen.name !== 'home') query.set(screenParameter, screen.name);
  else if (screen.visit !== undefined) query.set(visitParameter, String(screen.visit));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}
