import { describe, expect, it } from 'vitest';
import type { Endpoint, HttpMethod } from './endpoint.ts';
import { endpoints } from './index.ts';

/**
 * The calls of SPEC section 7, as the mobile apps speak them: they keep their paths and methods,
 * whatever their style. Every other endpoint follows the rule below (README, "Adding an endpoint").
 */
const specCalls = new Set([
  'POST /user/login',
  'POST /user/validUserEmail',
  'POST /user/signUp',
  'POST /user/resendAuthEmail',
  'POST /user/confirmUserPassword',
  'POST /user/resetManagerPw',
  'PUT /user/changePasswordBySeqUserAndCurrentPW',
  'PUT /user/updateToken',
  'PUT /manager/deleteManagerAccount',
  'POST /manager/getManagerInfo',
  'PUT /manager/updateManagerInfo',
  'PUT /manager/updatePenaltyInfo',
  'POST /schedule/getListAndLatestDoneScheduleBySeqMedicalRelation',
  'POST /schedule/saveScheduleNoteBySeqSchedule',
  'POST /schedule/getAllScheduleByRangeForClinic',
  'PUT /schedule/updateNotStartedYetSchedule',
  'POST /schedule/createSchedule',
  'PUT /schedule/completeSchedule',
  'PUT /schedule/cancelNotStartedYetSchedule',
  'PUT /schedule/reservableTimeline/updateTimeline',
  'POST /meeting/chime/createMeeting',
  'POST /meeting/chime/closeMeeting',
  'POST /patient/getMyPatientsAndReservedSchedulesForToday',
  'POST /patient/appendPatientStatus',
  'PUT /patient/updatePatientInfo',
  'PUT /patient/removePatientStatus',
  'POST /patient/addPatient',
  'POST /patient/addPatient/noAuth',
  'POST /patient/getPatientStatusListFromServerBySeqMedicalRelation',
  'PUT /patient/changeActivationStatus',
  'POST /patient/isPatientSyncAuthCodeValid',
  'POST /managerNote/list',
  'POST /managerNote/add',
  'PUT /managerNote/modify',
  'PUT /managerNote/important',
  'PUT /managerNote/remove',
  'POST /userMeasureRecord/getUserMeasureDataByRange',
  'POST /statistic/getDataForFilteredRomAndExerciseTimeByRange',
  'POST /report/getInitAndLastPatientConditionForReport',
  'POST /exercise/getAllSelectedExerciseHistoryRecord/v2',
  'POST /exercise/getAllMyPatientExerciseHistoryByLimit/v2',
  'POST /exercise/getAllMyPatientExerciseHistoryByLimitForPro/v2',
  'POST /exercise/rehabilitationMode/getAllBySearchWordAndSeqMedicalRelation',
  'POST /exercise/rehabilitationMode/getBySearchWordAndSeqMrForIuppiterPro',
  'POST /exercise/getAllExerciseHistoryBySeqMedicalRelationByLimit/v2',
  'POST /exercise/addClinicAssignedExercise',
  'PUT /exercise/updateClinicAssignedExercise',
  'PUT /exercise/updateExerciseStatusBySeqExercise',
  'PUT /exercise/deleteExerciseGuideBySeqExercise',
  'POST /exercise/getDetailExerciseListBySeqMedicalRelationBySingleRange/v2',
  'POST /board/inquiry/clinic',
  'POST /board/inquiry/save',
  'PATCH /board/inquiry/delete',
  'POST /board/inquiry/list',
  'POST /storage/upload/single',
  'POST /payment/getProductList',
  'POST /payment/checkout',
  'POST /payment/getMyPurchaseSummary',
  'POST /payment/getMyPurchaseHistory',
  'POST /payment/getSubscriptionStatus',
  'PUT /payment/updatePaymentMethod',
  'PUT /payment/changeSubscription',
]);

/**
 * What a call does, told by the verb its name starts with. `step`: a step of signing in, up or
 * out, or of a two-step set-up, or a signal such as a heartbeat, none of which reads or changes a
 * stored thing the caller names.
 */
type Kind = 'read' | 'create' | 'change' | 'removal' | 'step';

const kindOfVerb: Record<string, Kind> = {
  get: 'read',
  list: 'read',
  find: 'read',
  add: 'create',
  create: 'create',
  book: 'create',
  issue: 'create',
  join: 'create',
  invite: 'create',
  upload: 'create',
  regenerate: 'create',
  /** Creates the thing, or replaces it whole when it exists (as the SPEC's saves do). */
  save: 'create',
  update: 'change',
  change: 'change',
  set: 'change',
  rename: 'change',
  acknowledge: 'change',
  snooze: 'change',
  withdraw: 'change',
  supersede: 'change',
  cancel: 'change',
  complete: 'change',
  admit: 'change',
  disable: 'change',
  remove: 'removal',
  revoke: 'removal',
  delete: 'removal',
  end: 'removal',
  login: 'step',
  logout: 'step',
  sign: 'step',
  verify: 'step',
  refresh: 'step',
  begin: 'step',
  confirm: 'step',
  finish: 'step',
  keep: 'step',
  send: 'step',
  wait: 'step',
  leave: 'step',
  open: 'step',
};

/** The SPEC's own majority: POST reads and creates, PUT changes and removes what exists. */
const methodOfKind: Record<Kind, HttpMethod> = {
  read: 'POST',
  create: 'POST',
  step: 'POST',
  change: 'PUT',
  removal: 'PUT',
};

/** `/group/verbObject`: two lower-camel-case segments, the second a verb and what it acts on. */
const pathStyle = /^\/[a-z][A-Za-z0-9]*\/([a-z]+)(?:[A-Z][A-Za-z0-9]*)?$/;

type Call = Pick<Endpoint, 'method' | 'path' | 'audit'>;

/** How a call breaks the rule for new endpoints: an empty list when it keeps it. */
function styleProblems({ method, path, audit }: Call): string[] {
  const verb = pathStyle.exec(path)?.[1];
  if (verb === undefined) return [`${path}: not /group/verbObject in lower camel case`];
  const kind = kindOfVerb[verb];
  if (kind === undefined) return [`${path}: "${verb}" is not a verb of the table; add it with its kind`];
  const problems: string[] = [];
  if (method !== methodOfKind[kind]) problems.push(`${path}: a ${kind} is ${methodOfKind[kind]}, not ${method}`);
  if (audit && audit.action === 'read' && kind !== 'read')
    problems.push(`${path}: audited as a read, named as a ${kind}`);
  if (audit && (audit.action === 'delete') !== (kind === 'removal'))
    problems.push(`${path}: audited as ${audit.action}, named as a ${kind}`);
  return problems;
}

describe('endpoint paths and methods', () => {
  it('keep the SPEC calls as the SPEC names them', () => {
    const contract = new Set(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    expect([...specCalls].filter((call) => !contract.has(call))).toEqual([]);
  });

  it('are /group/verbObject elsewhere, POST to read or create, PUT to change or remove', () => {
    const added = endpoints.filter((endpoint) => !specCalls.has(`${endpoint.method} ${endpoint.path}`));
    expect(added.length).toBeGreaterThan(40);
    expect(added.flatMap(styleProblems)).toEqual([]);
  });

  it('refuse the other styles', () => {
    const call = (method: HttpMethod, path: string, audit: Call['audit'] = false): Call => ({ method, path, audit });
    expect(styleProblems(call('POST', '/monitoringBilling/addTime'))).toEqual([]);
    expect(styleProblems(call('PUT', '/monitoringBilling/removeTime', { action: 'delete', entity: 'x' }))).toEqual([]);
    for (const other of [
      call('PUT', '/monitoring/time/remove'),
      call('POST', '/monitoring/alerts'),
      call('POST', '/monitoring/patient', { action: 'read', entity: 'x' }),
      call('POST', '/passkey/remove'),
      call('PATCH', '/board/deleteInquiry'),
      call('DELETE', '/category/removeCategory'),
      call('GET', '/report/list'),
      call('POST', '/user/endSession', { action: 'delete', entity: 'session' }),
      call('PUT', '/user/closeSession', { action: 'delete', entity: 'session' }),
      call('POST', '/user/get-session'),
    ])
      expect(styleProblems(other), other.path).not.toEqual([]);
  });
});
