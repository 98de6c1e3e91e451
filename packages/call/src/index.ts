export * from './call-session.ts';
