export { fhirClientRoutes } from './fhir-client.routes.ts';
export { fhirClientService, type FhirClientService } from './fhir-client.service.ts';
export { registerFhir } from './fhir.routes.ts';
export { fhirService, type FhirService } from './fhir.service.ts';
export { fhirExportService, type FhirExportService } from './fhir-export.service.ts';
