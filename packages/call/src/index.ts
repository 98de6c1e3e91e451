export * from './call-session.ts';
export * from './call-mesh.ts';
