/** What every module may use: ownership checks, uploads and mappers that belong to no single module. */
export { dayMs, todayIn } from './dates.ts';
export { imageUrlOf } from './image-url.ts';
export { fullName, mailLanguageOf } from './names.ts';
export { managerRepository, type ManagerRow } from './manager-profile.repository.ts';
export {
  ownershipRepository,
  relationListColumns,
  relationOwnedBy,
  type RelationListRow,
  type RelationRow,
} from './ownership.repository.ts';
export { ownedRelationOr404 } from './owned-relation.ts';
export { patientAccountRepository, type PatientRow } from './patient-account.repository.ts';
export { uploadRepository } from './upload.repository.ts';
