import { subscriptionRules } from '@clinic/contract';
import { paths } from '../../config/paths.ts';

/** Set by "later" in the pay pop-up; while it lives the pop-up stays away (SPEC 9: 1 day). */
export const payPopupCookieName = 'payPopup';
export const payPopupCookieDays = subscriptionRules.payPopupGraceDays;

export interface PayPopupInputs {
  isOverLimit: boolean;
  /** The payPopup cookie's value, if it is set. */
  laterCookie: string | undefined;
  pathname: string;
  /** "Deactivate patients" was chosen in this page's life: the clinician is on their way to do it. */
  deactivating: boolean;
}

/** The blocking pay pop-up shows over the limit, except after "later", while deactivating, and on the payment screens. */
export function shouldShowPayPopup({ isOverLimit, laterCookie, pathname, deactivating }: PayPopupInputs): boolean {
  if (!isOverLimit || deactivating) return false;
  if (laterCookie !== undefined && laterCookie !== '') return false;
  return pathname !== paths.payments && !pathname.startsWith(`${paths.payments}/`);
}
