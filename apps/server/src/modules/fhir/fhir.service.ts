import {
  fhirSystems,
  romSelectionsOf,
  shippedInstruments,
  type RomExtreme,
  type ShippedInstrumentKey,
} from '@clinic/contract';
import type { Bundle, CapabilityStatement, Questionnaire, Resource } from '@medplum/fhirtypes';
import type { Clock, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import { recordAudit } from '../audit/index.ts';
import {
  romCodeSystem,
  scoreCodeSystem,
  toAppointment,
  toCommunication,
  toCondition,
  toDevice,
  toNoteDocument,
  toEncounter,
  toPatient,
  toPractitioner,
  toQuestionnaire,
  toQuestionnaireResponse,
  toRomObservation,
  toScoreObservation,
  toServiceRequest,
  type ScoreSource,
} from './fhir-resources.ts';
import { auditCallerOf, type FhirCaller } from './fhir-client.service.ts';
import { fhirRepository, type FhirRepository, type InstantBound, type ScoreRow } from './fhir.repository.ts';
import {
  dateBound,
  FhirSearchError,
  pageOf,
  referenceId,
  searchParameters,
  single,
  tokenOf,
  type SearchParameters,
} from './fhir-search.ts';

/** The resource types the API serves, each with the search parameters it takes (besides `_count` and `_offset`). */
export const fhirSearches = {
  Patient: ['_id', 'name'],
  Practitioner: ['_id'],
  Device: ['patient'],
  Observation: ['_id', 'patient', 'subject', 'code', 'category', 'date'],
  ServiceRequest: ['_id', 'patient'],
  Appointment: ['_id', 'patient', 'date'],
  Encounter: ['_id', 'patient', 'date'],
  Questionnaire: ['_id', 'url'],
  QuestionnaireResponse: ['_id', 'patient'],
  Communication: ['_id', 'patient'],
  DocumentReference: ['_id', 'patient'],
  Condition: ['_id', 'patient'],
} as const satisfies Record<string, readonly string[]>;

export type FhirType = keyof typeof fhirSearches;

/** The types read through the clinician's records by id and patient alone. */
type RecordType =
  'ServiceRequest' | 'Appointment' | 'Encounter' | 'QuestionnaireResponse' | 'Communication' | 'DocumentReference';

/** The row a record type's id names: its number (a note's document, `note-<number>`). */
function recordIdOf(type: RecordType, id: string): number | undefined {
  if (type !== 'DocumentReference') return numericId(id);
  const note = /^note-(\d+)$/.exec(id)?.[1];
  return note === undefined ? undefined : numericId(note);
}

export const isFhirType = (type: string): type is FhirType => Object.hasOwn(fhirSearches, type);
export const fhirTypes = Object.keys(fhirSearches) as FhirType[];

const searchParameterTypes: Record<string, 'token' | 'string' | 'reference' | 'date' | 'uri'> = {
  url: 'uri',
  _id: 'token',
  name: 'string',
  patient: 'reference',
  subject: 'reference',
  code: 'token',
  category: 'token',
  date: 'date',
};

const bulkExport = (operation: 'patient-export' | 'group-export') => ({
  name: 'export',
  definition: `http://hl7.org/fhir/uv/bulkdata/OperationDefinition/${operation}`,
});

/** A whole positive number of an id, or nothing (an id of another form names nothing here). */
const numericId = (id: string): number | undefined =>
  /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : undefined;

/** An observation's id: a session's angle (`rom-<record>-<min|max>`) or a response's score (`score-<response>`). */
type ObservationId =
  { kind: 'rom'; seqExerciseRecord: number; extreme: RomExtreme } | { kind: 'score'; seqQuestionnaireResponse: number };

/**
 * The patient record a search names by `patient` (or `subject`), as `Patient/<id>` or `<id>`:
 * undefined when it names none, null when it names one that is nothing here.
 */
function patientOf(parameters: SearchParameters, name: 'patient' | 'subject' = 'patient'): number | null | undefined {
  const patient = single(parameters, name);
  if (patient === undefined) return undefined;
  return numericId(referenceId(patient, 'Patient')) ?? null;
}

/** A condition's id: its entry's and its rank (`<entry>-primary` or `<entry>-secondary`). */
function conditionIdOf(id: string): { seqPatientStatus: number; rank: 'primary' | 'secondary' } | undefined {
  const match = /^(\d+)-(primary|secondary)$/.exec(id);
  const seqPatientStatus = match?.[1] === undefined ? undefined : numericId(match[1]);
  return seqPatientStatus === undefined ? undefined : { seqPatientStatus, rank: match![2] as 'primary' | 'secondary' };
}

function observationIdOf(id: string): ObservationId | undefined {
  const angle = /^rom-([1-9]\d{0,15})-(min|max)$/.exec(id);
  if (angle) return { kind: 'rom', seqExerciseRecord: Number(angle[1]), extreme: angle[2] as RomExtreme };
  const score = /^score-(\d+)$/.exec(id)?.[1];
  const seqQuestionnaireResponse = score === undefined ? undefined : numericId(score);
  return seqQuestionnaireResponse === undefined ? undefined : { kind: 'score', seqQuestionnaireResponse };
}

export interface FhirService {
  /** What the API serves, for `metadata`, with the token endpoint of SMART Backend Services. */
  capabilityStatement(tokenUrl: string): CapabilityStatement;
  /** One resource by id; another clinician's (or a missing) id answers 404. */
  read(principal: FhirCaller, type: FhirType, id: string, context: RequestContext): Promise<Resource>;
  /** Audits a read the caller's scopes do not cover, as denied. */
  refused(principal: FhirCaller, type: FhirType, context: RequestContext): Promise<void>;
  /** A page of the resources that match; the query's unknown parameters are refused (a strict search). */
  search(
    principal: FhirCaller,
    type: FhirType,
    query: Record<string, string | string[] | undefined>,
    context: RequestContext,
  ): Promise<Bundle>;
}

/** The API's read and search of one clinician's records as FHIR R4 resources (decision 0020). */
export function fhirService({ db, now, base }: { db: Database; now: Clock; base: string }): FhirService {
  const repository = fhirRepository(db);

  const audited = async (
    principal: FhirCaller,
    context: RequestContext,
    type: FhirType,
    found: { seqMedicalRelation?: number | undefined; entityId?: string } | undefined,
  ): Promise<void> => {
    await recordAudit(db, auditCallerOf(principal), context, now(), [
      {
        action: 'read',
        entity: `fhir_${type.toLowerCase()}`,
        entityId: found?.entityId,
        seqMedicalRelation: found?.seqMedicalRelation,
        outcome: found ? 'success' : 'denied',
      },
    ]);
  };

  async function patients(
    principal: FhirCaller,
    filter: { id?: number; name?: string },
    page: { count: number; offset: number },
  ) {
    const found = await repository.patients(principal.seqManager, filter, page);
    return { total: found.total, resources: found.rows.map((row) => toPatient(row, base)) };
  }

  /**
   * Observations of both kinds: the device sessions' angles (exams), then the questionnaires'
   * scores (surveys), paged as one list in that order.
   */
  async function observations(principal: FhirCaller, parameters: SearchParameters, id?: ObservationId) {
    if (parameters.has('patient') && parameters.has('subject'))
      throw new FhirSearchError('Give the patient as patient or as subject, not both.');
    const seqMedicalRelation = patientOf(parameters, parameters.has('subject') ? 'subject' : 'patient');
    if (seqMedicalRelation === null) return { total: 0, resources: [] };
    const codes = parameters.get('code')?.flatMap((value) => value.split(','));
    const categories = parameters.get('category')?.flatMap((value) => value.split(','));
    const inCategory = (code: string) =>
      !categories || categories.some((value) => isToken(value, fhirSystems.observationCategory, code));
    const dates = (parameters.get('date') ?? []).map(dateBound);
    const page = pageOf(parameters);
    const angles =
      id?.kind !== 'score' && inCategory('exam')
        ? await repository.romAngles(
            principal.seqManager,
            {
              seqMedicalRelation,
              ...(id && { seqExerciseRecord: id.seqExerciseRecord, extreme: id.extreme }),
              ...(codes && {
                selections: codes.flatMap((value) => {
                  const { system, code } = tokenOf(value);
                  return [
                    ...(system === undefined || system === romCodeSystem(base) ? romSelectionsOf('product', code) : []),
                    ...(system === undefined || system === fhirSystems.loinc ? romSelectionsOf('loinc', code) : []),
                  ];
                }),
              }),
              starts: dates,
            },
            page,
          )
        : { total: 0, rows: [] };
    const resources: Resource[] = angles.rows.map((row) => toRomObservation(row, row.extreme, base));
    if (id?.kind === 'rom' || !inCategory('survey')) return { total: angles.total, resources };
    // The scores' part of the page: what the angles left of it, from where the angles end.
    const scores = await repository.scores(
      principal.seqManager,
      {
        seqMedicalRelation,
        ...(id && { id: id.seqQuestionnaireResponse }),
        ...(codes && {
          instruments: codes.flatMap((value) => {
            const { system, code } = tokenOf(value);
            return system === undefined || system === scoreCodeSystem(base) ? [code] : [];
          }),
        }),
        authored: dates,
      },
      { count: page.count - resources.length, offset: Math.max(0, page.offset - angles.total) },
    );
    return {
      total: angles.total + scores.total,
      resources: [...resources, ...scores.rows.map((row) => toScoreObservation(scoreSourceOf(row), base))],
    };
  }

  async function conditions(
    principal: FhirCaller,
    filter: Parameters<FhirRepository['conditions']>[1],
    page: { count: number; offset: number },
  ) {
    const found = await repository.conditions(principal.seqManager, filter, page);
    return { total: found.total, resources: found.rows.map(toCondition) };
  }

  /** Prescriptions, visits, held visits, questionnaire responses or messages of the clinician's patients. */
  async function records(
    principal: FhirCaller,
    type: RecordType,
    filter: { id?: number | undefined; seqMedicalRelation?: number | undefined },
    starts: InstantBound[],
    page: { count: number; offset: number },
  ): Promise<{ total: number; resources: Resource[] }> {
    if (type === 'ServiceRequest') {
      const found = await repository.prescriptions(principal.seqManager, filter, page);
      return { total: found.total, resources: found.rows.map(toServiceRequest) };
    }
    if (type === 'Communication') {
      const found = await repository.messages(principal.seqManager, filter, page);
      return { total: found.total, resources: found.rows.map(toCommunication) };
    }
    if (type === 'DocumentReference') {
      const found = await repository.notes(principal.seqManager, filter, page);
      return { total: found.total, resources: found.rows.map(toNoteDocument) };
    }
    if (type === 'QuestionnaireResponse') {
      const found = await repository.responses(principal.seqManager, filter, page);
      return { total: found.total, resources: found.rows.map(toQuestionnaireResponse) };
    }
    const held = type === 'Encounter';
    const found = await repository.visits(principal.seqManager, { ...filter, starts, held }, page);
    const at = now();
    return {
      total: found.total,
      resources: found.rows.map((visit) =>
        held && visit.startedAt && visit.progressSeconds !== null
          ? toEncounter({ ...visit, startedAt: visit.startedAt, progressSeconds: visit.progressSeconds })
          : toAppointment(visit, at),
      ),
    };
  }

  function bundleOf(
    type: FhirType,
    parameters: SearchParameters,
    found: { total: number; resources: Resource[] },
  ): Bundle {
    const { count, offset } = pageOf(parameters);
    const link = (at: number) => {
      const query = new URLSearchParams();
      for (const [name, values] of parameters)
        if (name !== '_offset' && name !== '_count') for (const value of values) query.append(name, value);
      query.set('_count', String(count));
      query.set('_offset', String(at));
      return `${base}/${type}?${query.toString()}`;
    };
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      total: found.total,
      link: [
        { relation: 'self', url: link(offset) },
        ...(count > 0 && offset + count < found.total ? [{ relation: 'next', url: link(offset + count) }] : []),
        ...(offset > 0 ? [{ relation: 'previous', url: link(Math.max(0, offset - count)) }] : []),
      ],
      entry: found.resources.map((resource) => ({
        fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
        resource,
        search: { mode: 'match' },
      })),
    };
  }

  return {
    capabilityStatement(tokenUrl) {
      return {
        resourceType: 'CapabilityStatement',
        status: 'active',
        date: '2026-11-29',
        kind: 'instance',
        software: { name: 'Clinic FHIR API' },
        implementation: { description: 'The clinic’s records of one clinician’s patients, read-only', url: base },
        fhirVersion: '4.0.1',
        instantiates: ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data'],
        format: ['application/fhir+json', 'json'],
        rest: [
          {
            mode: 'server',
            security: {
              cors: false,
              service: [
                {
                  coding: [
                    { system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' },
                  ],
                },
              ],
              extension: [
                {
                  url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
                  extension: [{ url: 'token', valueUri: tokenUrl }],
                },
              ],
              description:
                'SMART Backend Services (a client registered by the clinician, private_key_jwt with RS384 or ES384, system scopes), or the clinician’s signed-in session.',
            },
            resource: [
              ...fhirTypes.map((type) => ({
                type,
                interaction: [{ code: 'read' as const }, { code: 'search-type' as const }],
                searchParam: fhirSearches[type].map((name) => ({
                  name,
                  type: searchParameterTypes[name] ?? 'token',
                })),
                ...(type === 'Patient' && { operation: [bulkExport('patient-export')] }),
              })),
              // A group is the clinician's patients; its id is the clinician's Practitioner id.
              { type: 'Group', operation: [bulkExport('group-export')] },
            ],
          },
        ],
      };
    },

    async read(principal, type, id, context) {
      const resource = await readOne(principal, type, id);
      await audited(principal, context, type, resource && { entityId: id, seqMedicalRelation: relationOf(resource) });
      if (!resource) throw notFound();
      return resource;
    },

    refused(principal, type, context) {
      return audited(principal, context, type, undefined);
    },

    async search(principal, type, query, context) {
      const parameters = searchParameters(query, [...fhirSearches[type]]);
      const found = await searchAll(principal, type, parameters);
      const relations = new Set(found.resources.map(relationOf));
      await audited(principal, context, type, {
        seqMedicalRelation: relations.size === 1 ? [...relations][0] : undefined,
      });
      return bundleOf(type, parameters, found);
    },
  };

  async function readOne(principal: FhirCaller, type: FhirType, id: string): Promise<Resource | undefined> {
    switch (type) {
      case 'Patient': {
        const seqMedicalRelation = numericId(id);
        if (seqMedicalRelation === undefined) return undefined;
        return (await patients(principal, { id: seqMedicalRelation }, { count: 1, offset: 0 })).resources[0];
      }
      case 'Practitioner': {
        if (numericId(id) !== principal.seqManager) return undefined;
        const row = await repository.practitioner(principal.seqManager);
        return row && toPractitioner(row);
      }
      case 'Device': {
        const match = /^(home|pro)-([1-9]\d{0,9})$/.exec(id);
        const seqMedicalRelation = match?.[2] === undefined ? undefined : numericId(match[2]);
        if (!match || seqMedicalRelation === undefined) return undefined;
        const deviceType = match[1] === 'home' ? 1 : 2;
        return (await repository.hasDevice(principal.seqManager, seqMedicalRelation, deviceType))
          ? toDevice(seqMedicalRelation, deviceType)
          : undefined;
      }
      case 'Questionnaire':
        return (await questionnairesOf(repository, principal.seqManager, id))[0];
      case 'Condition': {
        const condition = conditionIdOf(id);
        return condition && (await conditions(principal, condition, { count: 1, offset: 0 })).resources[0];
      }
      case 'ServiceRequest':
      case 'Appointment':
      case 'Encounter':
      case 'QuestionnaireResponse':
      case 'Communication':
      case 'DocumentReference': {
        const numeric = recordIdOf(type, id);
        if (numeric === undefined) return undefined;
        return (await records(principal, type, { id: numeric }, [], { count: 1, offset: 0 })).resources[0];
      }
      case 'Observation': {
        const observation = observationIdOf(id);
        return observation && (await observations(principal, new Map(), observation)).resources[0];
      }
    }
  }

  async function searchAll(
    principal: FhirCaller,
    type: FhirType,
    parameters: SearchParameters,
  ): Promise<{ total: number; resources: Resource[] }> {
    const ids = parameters.get('_id')?.flatMap((value) => value.split(','));
    if (ids && ids.length > 1) throw new FhirSearchError('Search for one _id at a time.', 'not-supported');
    const [id] = ids ?? [];
    switch (type) {
      case 'Patient': {
        const seqMedicalRelation = id === undefined ? undefined : numericId(id);
        if (id !== undefined && seqMedicalRelation === undefined) return { total: 0, resources: [] };
        const name = single(parameters, 'name');
        return patients(
          principal,
          { ...(seqMedicalRelation !== undefined && { id: seqMedicalRelation }), ...(name !== undefined && { name }) },
          pageOf(parameters),
        );
      }
      case 'Practitioner': {
        const own = id === undefined || numericId(id) === principal.seqManager;
        const row = own ? await repository.practitioner(principal.seqManager) : undefined;
        return pageOfFew(row ? [toPractitioner(row)] : [], parameters);
      }
      case 'Device': {
        const seqMedicalRelation = patientOf(parameters);
        if (seqMedicalRelation === undefined) throw new FhirSearchError('Search devices by patient.', 'not-supported');
        if (seqMedicalRelation === null) return { total: 0, resources: [] };
        const devices = [];
        for (const deviceType of [1, 2])
          if (await repository.hasDevice(principal.seqManager, seqMedicalRelation, deviceType))
            devices.push(toDevice(seqMedicalRelation, deviceType));
        return pageOfFew(devices, parameters);
      }
      case 'Condition': {
        const condition = id === undefined ? {} : conditionIdOf(id);
        const seqMedicalRelation = patientOf(parameters);
        if (!condition || seqMedicalRelation === null) return { total: 0, resources: [] };
        return conditions(principal, { ...condition, seqMedicalRelation }, pageOf(parameters));
      }
      case 'Questionnaire': {
        const url = single(parameters, 'url');
        const found = (await questionnairesOf(repository, principal.seqManager, id)).filter(
          (questionnaire) =>
            url === undefined || url === questionnaire.url || url === `${questionnaire.url}|${questionnaire.version}`,
        );
        return pageOfFew(found, parameters);
      }
      case 'ServiceRequest':
      case 'Appointment':
      case 'Encounter':
      case 'QuestionnaireResponse':
      case 'Communication':
      case 'DocumentReference': {
        const numeric = id === undefined ? undefined : recordIdOf(type, id);
        const seqMedicalRelation = patientOf(parameters);
        if ((id !== undefined && numeric === undefined) || seqMedicalRelation === null)
          return { total: 0, resources: [] };
        return records(
          principal,
          type,
          { id: numeric, seqMedicalRelation },
          (parameters.get('date') ?? []).map(dateBound),
          pageOf(parameters),
        );
      }
      case 'Observation': {
        if (id === undefined) return observations(principal, parameters);
        const observation = observationIdOf(id);
        return observation ? observations(principal, parameters, observation) : { total: 0, resources: [] };
      }
    }
  }
}

/** The shipped instruments and the clinician's own questionnaires, or the one of an id. */
export async function questionnairesOf(
  repository: Pick<FhirRepository, 'customQuestionnaires'>,
  seqManager: number,
  id?: string,
): Promise<Questionnaire[]> {
  const customId = id === undefined ? undefined : /^custom-([0-9a-f-]{36})$/.exec(id)?.[1];
  const shipped = Object.entries(shippedInstruments)
    .filter(([key]) => id === undefined || id === key)
    .map(([key, instrument]) => toQuestionnaire(instrument.questionnaire, key));
  if (id !== undefined && customId === undefined) return shipped;
  const customs = await repository.customQuestionnaires(seqManager, customId);
  return [...shipped, ...customs.map((row) => toQuestionnaire(row.questionnaire, `custom-${row.fhirId}`))];
}

/** A scored response with its instrument's title: a custom one's as kept, a shipped one's from the contract. */
export function scoreSourceOf(row: ScoreRow): ScoreSource {
  const { customTitle, ...score } = row;
  const shipped = Object.hasOwn(shippedInstruments, row.instrument)
    ? shippedInstruments[row.instrument as ShippedInstrumentKey].questionnaire.title
    : undefined;
  return { ...score, title: customTitle ?? shipped ?? row.instrument };
}

/** A page of a search whose matches are few and all at hand. */
function pageOfFew(resources: Resource[], parameters: SearchParameters): { total: number; resources: Resource[] } {
  const { count, offset } = pageOf(parameters);
  return { total: resources.length, resources: resources.slice(offset, offset + count) };
}

/** The patient record a resource is of, for its audit row. */
function relationOf(resource: Resource): number | undefined {
  if (resource.resourceType === 'Patient') return Number(resource.id);
  const reference =
    resource.resourceType === 'Observation' ||
    resource.resourceType === 'ServiceRequest' ||
    resource.resourceType === 'Encounter' ||
    resource.resourceType === 'QuestionnaireResponse' ||
    resource.resourceType === 'Communication' ||
    resource.resourceType === 'DocumentReference' ||
    resource.resourceType === 'Condition'
      ? resource.subject?.reference
      : resource.resourceType === 'Appointment'
        ? resource.participant[0]?.actor?.reference
        : resource.resourceType === 'Device'
          ? resource.patient?.reference
          : undefined;
  return reference ? Number(reference.slice('Patient/'.length)) : undefined;
}

function isToken(value: string, system: string, code: string): boolean {
  const token = tokenOf(value);
  return token.code === code && (token.system === undefined || token.system === system);
}
