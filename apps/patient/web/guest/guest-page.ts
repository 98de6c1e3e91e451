/**
 * Where a clinician's guest link opens (the contract's `guestRules.linkPath`): named here, without
 * the contract, so that the first page of the app loads none of its schemas.
 */
export const guestPagePath = '/patient/guest';
