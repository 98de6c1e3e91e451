export { registerFhir } from './fhir.routes.ts';
export { fhirService, type FhirService } from './fhir.service.ts';
