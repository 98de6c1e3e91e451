import {
  ExerciseStatus,
  fhirSystems,
  isValidNpi,
  lateralJointCode,
  romCodeOf,
  romJoints,
  romSides,
  ScheduleStatus,
  scheduleStateOf,
  type OutcomeQuestionnaire,
  type OutcomeQuestionnaireResponse,
  type RomExtreme,
} from '@clinic/contract';
import type {
  Appointment,
  Communication,
  Condition,
  Device,
  DocumentReference,
  Encounter,
  Observation,
  Patient,
  Practitioner,
  Questionnaire,
  QuestionnaireResponse,
  Reference,
  ServiceRequest,
} from '@medplum/fhirtypes';

/** The clinician's record of a patient, as the FHIR Patient reads it. */
export interface PatientSource {
  seqMedicalRelation: number;
  seqManager: number;
  patientName: string;
  patientEmail: string | null;
  birthDate: string;
  gender: 'M' | 'F' | null;
  isEnabled: boolean;
  updatedAt: Date;
}

export interface PractitionerSource {
  seqManager: number;
  firstName: string;
  lastName: string;
  title: string;
  npiNumber: string;
  email: string;
}

/** One device session of a patient, with the prescription it followed. */
export interface RomSource {
  seqExerciseRecord: number;
  seqMedicalRelation: number;
  deviceType: number;
  /** The joint (SPEC: 1 elbow, 2 wrist, 3 knee, 4 ankle). */
  position: number;
  /** The side (1 left, 2 right). */
  direction: number;
  /** The exercise mode (0 active, 1 passive, 2 passive measure, 3 active measure). */
  mode: number;
  minAngle: number;
  maxAngle: number;
  usageStartAt: Date;
  durationSeconds: number;
  receivedAt: Date;
}

const genders = { M: 'male', F: 'female' } as const;

export const patientReference = (seqMedicalRelation: number): Reference<Patient> => ({
  reference: `Patient/${seqMedicalRelation}`,
});

/**
 * A patient as one clinician's record of them: the id is the relation's, so that an export of
 * one clinician's patients never names another's record (decision 0020). The name is split for US
 * Core: its last word is the family name, the words before it the given names.
 */
export function toPatient(source: PatientSource, base: string): Patient {
  const words = source.patientName.trim().split(/\s+/);
  const family = words.at(-1)!;
  const given = words.slice(0, -1);
  return {
    resourceType: 'Patient',
    id: String(source.seqMedicalRelation),
    meta: { lastUpdated: source.updatedAt.toISOString() },
    identifier: [{ system: `${base}/sid/patient`, value: String(source.seqMedicalRelation) }],
    active: source.isEnabled,
    name: [{ use: 'official', text: source.patientName, family, ...(given.length > 0 && { given }) }],
    ...(source.patientEmail && { telecom: [{ system: 'email', value: source.patientEmail }] }),
    gender: source.gender ? genders[source.gender] : 'unknown',
    birthDate: source.birthDate,
    generalPractitioner: [{ reference: `Practitioner/${source.seqManager}` }],
  };
}

/** A clinician, with the NPI as the identifier where it is a valid one. */
export function toPractitioner(source: PractitionerSource): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: String(source.seqManager),
    ...(isValidNpi(source.npiNumber) && {
      identifier: [{ system: fhirSystems.npi, value: source.npiNumber }],
    }),
    active: true,
    name: [
      {
        use: 'official',
        text: `${source.firstName} ${source.lastName}`,
        family: source.lastName,
        given: [source.firstName],
        ...(source.title && { prefix: [source.title] }),
      },
    ],
    telecom: [{ system: 'email', value: source.email }],
  };
}

const deviceNames: Record<number, string> = { 1: 'home', 2: 'pro' };

/** The robot of a patient's record: the home or the pro type, as its sessions name it. */
export const deviceId = (seqMedicalRelation: number, deviceType: number): string =>
  `${deviceNames[deviceType] ?? 'robot'}-${seqMedicalRelation}`;

export function toDevice(seqMedicalRelation: number, deviceType: number): Device {
  const kind = deviceNames[deviceType] === 'pro' ? 'Pro-type' : 'Home-type';
  return {
    resourceType: 'Device',
    id: deviceId(seqMedicalRelation, deviceType),
    status: 'active',
    deviceName: [{ name: `${kind} rehabilitation robot`, type: 'user-friendly-name' }],
    type: { text: `${kind} upper and lower limb rehabilitation robot` },
    patient: patientReference(seqMedicalRelation),
  };
}

export const observationId = (seqExerciseRecord: number, extreme: RomExtreme): string =>
  `rom-${seqExerciseRecord}-${extreme}`;

/** The product's code system of the sessions' angles, at the API's address. */
export const romCodeSystem = (base: string): string => `${base}/CodeSystem/rom`;

/**
 * One angle of a device session: its smallest (`min`) or largest (`max`), coded with the product's
 * code of the joint, angle and mode and LOINC's where the contract's table has one, the joint and
 * its side in `bodySite` (SNOMED CT), the session's time as `effectivePeriod`, in degrees.
 */
export function toRomObservation(source: RomSource, extreme: RomExtreme, base: string): Observation {
  const joint = romJoints[source.position];
  const side = romSides[source.direction];
  const code = romCodeOf(source.position, source.mode, extreme, source.direction);
  const site = lateralJointCode(source.position, source.direction);
  const end = new Date(source.usageStartAt.getTime() + source.durationSeconds * 1000);
  const angle = extreme === 'min' ? source.minAngle : source.maxAngle;
  return {
    resourceType: 'Observation',
    id: observationId(source.seqExerciseRecord, extreme),
    meta: { lastUpdated: source.receivedAt.toISOString() },
    status: 'final',
    category: [{ coding: [{ system: fhirSystems.observationCategory, code: 'exam', display: 'Exam' }], text: 'Exam' }],
    code: code
      ? {
          coding: [
            { system: romCodeSystem(base), code: code.code, display: code.display },
            ...(code.loinc ? [{ system: fhirSystems.loinc, code: code.loinc.code, display: code.loinc.display }] : []),
          ],
          text: code.display,
        }
      : { text: `${extreme === 'min' ? 'Smallest' : 'Largest'} angle of a device session` },
    subject: patientReference(source.seqMedicalRelation),
    effectivePeriod: { start: source.usageStartAt.toISOString(), end: end.toISOString() },
    issued: source.receivedAt.toISOString(),
    valueQuantity: { value: angle, unit: 'deg', system: fhirSystems.ucum, code: 'deg' },
    ...(joint &&
      site && {
        bodySite: {
          coding: [{ system: fhirSystems.snomed, code: site.code, display: site.display }],
          text: side ? `${side.name} ${joint.name.toLowerCase()}` : joint.name,
        },
      }),
    device: { reference: `Device/${deviceId(source.seqMedicalRelation, source.deviceType)}` },
  };
}

/** A visit of a patient with the clinician. */
export interface VisitSource {
  seqSchedule: number;
  seqMedicalRelation: number;
  seqManager: number;
  status: number;
  expectStartAt: Date;
  expectEndAt: Date;
  startedAt: Date | null;
  progressSeconds: number | null;
  bookedBy: 'clinician' | 'patient';
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A visit's status as an Appointment's: a visit still waiting after its end is a no-show, as an
 * expired one (the expiry job marks it a little later).
 */
function appointmentStatus(visit: VisitSource, at: Date): Appointment['status'] {
  switch (scheduleStateOf(visit.status)) {
    case 'completed':
      return 'fulfilled';
    case 'cancelled':
      return 'cancelled';
    case 'expired':
      return 'noshow';
    case 'inProgress':
      return 'arrived';
    case 'waiting':
      return visit.expectEndAt <= at ? 'noshow' : 'booked';
  }
}

const videoVisit = { text: 'Video visit' };

export function toAppointment(visit: VisitSource, at: Date): Appointment {
  const status = appointmentStatus(visit, at);
  return {
    resourceType: 'Appointment',
    id: String(visit.seqSchedule),
    meta: { lastUpdated: visit.updatedAt.toISOString() },
    status,
    ...(status === 'cancelled' && {
      cancelationReason: {
        text:
          visit.status === ScheduleStatus.cancelledByPatient
            ? 'Cancelled by the patient'
            : 'Cancelled by the clinician',
      },
    }),
    serviceType: [videoVisit],
    start: visit.expectStartAt.toISOString(),
    end: visit.expectEndAt.toISOString(),
    created: visit.createdAt.toISOString(),
    participant: [
      { actor: patientReference(visit.seqMedicalRelation), status: 'accepted' },
      { actor: { reference: `Practitioner/${visit.seqManager}` }, status: 'accepted' },
    ],
  };
}

/** A video visit that was held (completed with its call's start and length) as a virtual Encounter. */
export function toEncounter(visit: VisitSource & { startedAt: Date; progressSeconds: number }): Encounter {
  return {
    resourceType: 'Encounter',
    id: String(visit.seqSchedule),
    meta: { lastUpdated: visit.updatedAt.toISOString() },
    status: 'finished',
    class: { system: fhirSystems.actCode, code: 'VR', display: 'virtual' },
    type: [videoVisit],
    subject: patientReference(visit.seqMedicalRelation),
    participant: [{ individual: { reference: `Practitioner/${visit.seqManager}` } }],
    appointment: [{ reference: `Appointment/${visit.seqSchedule}` }],
    period: {
      start: visit.startedAt.toISOString(),
      end: new Date(visit.startedAt.getTime() + visit.progressSeconds * 1000).toISOString(),
    },
    length: { value: visit.progressSeconds, unit: 's', system: fhirSystems.ucum, code: 's' },
  };
}

/** A prescription of exercises on a robot. */
export interface PrescriptionSource {
  seqExercise: number;
  seqMedicalRelation: number;
  seqManager: number;
  deviceType: number;
  mode: number;
  position: number;
  direction: number;
  strength: number;
  frequency: number;
  countPerSet: number | null;
  timePerSetMinutes: number | null;
  sets: number;
  dueDate: string;
  minRom: number;
  maxRom: number;
  exerciseStatus: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

function prescriptionStatus(source: PrescriptionSource): ServiceRequest['status'] {
  if (source.deletedAt) return 'entered-in-error';
  switch (source.exerciseStatus) {
    case ExerciseStatus.accomplishedManual:
    case ExerciseStatus.accomplishedAuto:
      return 'completed';
    case ExerciseStatus.terminated:
    case ExerciseStatus.canceled:
      return 'revoked';
    default:
      return 'active';
  }
}

const modeNames: Record<number, string> = { 0: 'active', 1: 'passive', 2: 'passive measure', 3: 'active measure' };

/** A prescription as a ServiceRequest: what to do on which robot, how often, until its due date. */
export function toServiceRequest(source: PrescriptionSource): ServiceRequest {
  const joint = romJoints[source.position];
  const side = romSides[source.direction];
  const site = lateralJointCode(source.position, source.direction);
  const robot = deviceNames[source.deviceType] === 'pro' ? 'pro-type' : 'home-type';
  const perSet =
    source.countPerSet !== null ? `${source.countPerSet} repetitions` : `${source.timePerSetMinutes ?? 0} minutes`;
  return {
    resourceType: 'ServiceRequest',
    id: String(source.seqExercise),
    meta: { lastUpdated: source.updatedAt.toISOString() },
    status: prescriptionStatus(source),
    intent: 'order',
    code: {
      text: `${side ? `${side.name} ` : ''}${joint?.name.toLowerCase() ?? 'joint'} range-of-motion exercise, ${modeNames[source.mode] ?? 'exercise'}, on the ${robot} robot`,
    },
    orderDetail: [
      { text: `Range of motion ${source.minRom}–${source.maxRom} deg` },
      { text: `${source.sets} sets of ${perSet}` },
      { text: `Strength ${source.strength} of 10` },
    ],
    subject: patientReference(source.seqMedicalRelation),
    occurrenceTiming: {
      repeat: {
        boundsPeriod: { start: source.createdAt.toISOString(), end: source.dueDate },
        frequency: source.frequency,
        period: 1,
        periodUnit: 'd',
      },
    },
    authoredOn: source.createdAt.toISOString(),
    requester: { reference: `Practitioner/${source.seqManager}` },
    ...(site && { bodySite: [{ coding: [{ system: fhirSystems.snomed, code: site.code, display: site.display }] }] }),
  };
}

/** A message between the clinician and the patient of a record. */
export interface MessageSource {
  seqMessage: number;
  seqMedicalRelation: number;
  seqManager: number;
  senderRole: 'clinician' | 'patient';
  body: string;
  automatic: 'afterHours' | 'vacation' | null;
  sentAt: Date;
  readAt: Date | null;
  withdrawnAt: Date | null;
}

/**
 * A message as a Communication between the patient and the clinician. A withdrawn one is
 * `entered-in-error` and carries no text: it was taken back from its reader.
 */
export function toCommunication(source: MessageSource): Communication {
  const patient = patientReference(source.seqMedicalRelation);
  const clinician = { reference: `Practitioner/${source.seqManager}` };
  const fromPatient = source.senderRole === 'patient';
  return {
    resourceType: 'Communication',
    id: String(source.seqMessage),
    meta: { lastUpdated: latest(source.sentAt, source.readAt, source.withdrawnAt).toISOString() },
    status: source.withdrawnAt ? 'entered-in-error' : 'completed',
    ...(source.automatic && { category: [{ text: 'Automatic reply' }] }),
    medium: [{ coding: [{ system: fhirSystems.participationMode, code: 'WRITTEN', display: 'written' }] }],
    subject: patient,
    sender: fromPatient ? patient : clinician,
    recipient: [fromPatient ? clinician : patient],
    sent: source.sentAt.toISOString(),
    ...(source.readAt && { received: source.readAt.toISOString() }),
    ...(!source.withdrawnAt && { payload: [{ contentString: source.body }] }),
  };
}

const latest = (...instants: (Date | null)[]): Date =>
  new Date(Math.max(...instants.map((instant) => instant?.getTime() ?? 0)));

/** A response to a questionnaire, as the patient sent it or a clinician entered it in place of another. */
export interface ResponseSource {
  seqQuestionnaireResponse: number;
  seqMedicalRelation: number;
  resource: OutcomeQuestionnaireResponse;
  enteredBy: number | null;
  authoredAt: Date;
  receivedAt: Date;
  supersededAt: Date | null;
}

/**
 * A response as stored (it is FHIR already), given its id, patient and author: the patient's own,
 * or the clinician who entered it. One superseded by a clinician is `entered-in-error`; the one
 * entered in its place is `amended`.
 */
export function toQuestionnaireResponse(source: ResponseSource): QuestionnaireResponse {
  const patient = patientReference(source.seqMedicalRelation);
  return {
    ...(source.resource as QuestionnaireResponse),
    id: String(source.seqQuestionnaireResponse),
    meta: { lastUpdated: latest(source.receivedAt, source.supersededAt).toISOString() },
    status: source.supersededAt ? 'entered-in-error' : source.enteredBy === null ? 'completed' : 'amended',
    subject: patient,
    authored: source.authoredAt.toISOString(),
    author: source.enteredBy === null ? patient : { reference: `Practitioner/${source.enteredBy}` },
    source: patient,
  };
}

/** A questionnaire as the product keeps it, under the id the API reads it by. */
export function toQuestionnaire(questionnaire: OutcomeQuestionnaire, id: string): Questionnaire {
  return { ...(questionnaire as Questionnaire), id };
}

/** A clinician's note on a patient record. */
export interface NoteSource {
  seqManagerNote: number;
  seqMedicalRelation: number;
  seqManager: number;
  noteTitle: string;
  noteContent: string;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
  removedAt: Date | null;
}

export const noteDocumentId = (seqManagerNote: number): string => `note-${seqManagerNote}`;

/**
 * A note as a DocumentReference (a progress note, LOINC 11506-3) whose attachment is its text. A
 * private note is labelled restricted; a removed one is `entered-in-error` and keeps only its title.
 */
export function toNoteDocument(source: NoteSource): DocumentReference {
  const created = source.createdAt.toISOString();
  return {
    resourceType: 'DocumentReference',
    id: noteDocumentId(source.seqManagerNote),
    meta: { lastUpdated: latest(source.updatedAt, source.removedAt).toISOString() },
    status: source.removedAt ? 'entered-in-error' : 'current',
    type: { coding: [{ system: fhirSystems.loinc, code: '11506-3', display: 'Progress note' }] },
    category: [{ coding: [{ system: fhirSystems.documentCategory, code: 'clinical-note', display: 'Clinical Note' }] }],
    subject: patientReference(source.seqMedicalRelation),
    date: created,
    author: [{ reference: `Practitioner/${source.seqManager}` }],
    description: source.noteTitle,
    ...(!source.isPublic && {
      securityLabel: [{ coding: [{ system: fhirSystems.confidentiality, code: 'R', display: 'restricted' }] }],
    }),
    content: [
      {
        attachment: {
          title: source.noteTitle,
          creation: created,
          ...(!source.removedAt && {
            contentType: 'text/plain; charset=utf-8',
            data: Buffer.from(source.noteContent).toString('base64'),
          }),
        },
      },
    ],
  };
}

/** A scored response to a questionnaire, with the instrument it answers. */
export interface ScoreSource {
  seqQuestionnaireResponse: number;
  seqMedicalRelation: number;
  /** The shipped instrument's key, or `custom-<FHIR id>` for a clinician's own questionnaire. */
  instrument: string;
  title: string;
  score: number;
  enteredBy: number | null;
  authoredAt: Date;
  receivedAt: Date;
  supersededAt: Date | null;
}

/** The product's code system of the questionnaires' scores, at the API's address: one code per instrument. */
export const scoreCodeSystem = (base: string): string => `${base}/CodeSystem/score`;

export const scoreObservationId = (seqQuestionnaireResponse: number): string => `score-${seqQuestionnaireResponse}`;

/** A response's score as a survey Observation, coded by its instrument and derived from the response. */
export function toScoreObservation(source: ScoreSource, base: string): Observation {
  const patient = patientReference(source.seqMedicalRelation);
  return {
    resourceType: 'Observation',
    id: scoreObservationId(source.seqQuestionnaireResponse),
    meta: { lastUpdated: latest(source.receivedAt, source.supersededAt).toISOString() },
    status: source.supersededAt ? 'entered-in-error' : source.enteredBy === null ? 'final' : 'amended',
    category: [{ coding: [{ system: fhirSystems.observationCategory, code: 'survey', display: 'Survey' }] }],
    code: {
      coding: [{ system: scoreCodeSystem(base), code: source.instrument, display: `${source.title} score` }],
      text: `${source.title} score`,
    },
    subject: patient,
    effectiveDateTime: source.authoredAt.toISOString(),
    issued: source.receivedAt.toISOString(),
    performer: [source.enteredBy === null ? patient : { reference: `Practitioner/${source.enteredBy}` }],
    valueQuantity: { value: source.score, unit: 'score', system: fhirSystems.ucum, code: '{score}' },
    derivedFrom: [{ reference: `QuestionnaireResponse/${source.seqQuestionnaireResponse}` }],
  };
}

/** A diagnosis of a record's newest condition entry. */
export interface ConditionSource {
  seqPatientStatus: number;
  seqMedicalRelation: number;
  seqManager: number;
  rank: 'primary' | 'secondary';
  diagnosis: string;
  onsetDate: string | null;
  recordedAt: Date;
}

/**
 * A diagnosis as a problem-list Condition, its text as the clinician wrote it (the product keeps no
 * code for it), with the onset date of the entry; the primary diagnosis ranked first.
 */
export function toCondition(source: ConditionSource): Condition {
  return {
    resourceType: 'Condition',
    id: `${source.seqPatientStatus}-${source.rank}`,
    meta: { lastUpdated: source.recordedAt.toISOString() },
    clinicalStatus: {
      coding: [{ system: fhirSystems.conditionClinical, code: 'active', display: 'Active' }],
    },
    verificationStatus: {
      coding: [{ system: fhirSystems.conditionVerification, code: 'confirmed', display: 'Confirmed' }],
    },
    category: [
      {
        coding: [{ system: fhirSystems.conditionCategory, code: 'problem-list-item', display: 'Problem List Item' }],
      },
    ],
    code: { text: source.diagnosis },
    subject: patientReference(source.seqMedicalRelation),
    ...(source.onsetDate && { onsetDateTime: source.onsetDate }),
    recordedDate: source.recordedAt.toISOString(),
    recorder: { reference: `Practitioner/${source.seqManager}` },
    note: [{ text: source.rank === 'primary' ? 'Primary diagnosis' : 'Secondary diagnosis' }],
  };
}
