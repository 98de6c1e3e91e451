import type { SignUpRequest } from '@clinic/contract';
import type { FastifyInstance } from 'fastify';
import { verifiedClinician, verifiedPatient } from './fixtures.ts';
import type { MailCatcher } from './mail-catcher.ts';
import { registerMember } from './realtime.ts';

export type Clinician = Awaited<ReturnType<typeof verifiedClinician>>;
export type Member = Awaited<ReturnType<typeof verifiedPatient>>;

export interface CareTeams {
  /** The clinician a test acts as, and their patient. */
  clinician: Clinician;
  member: Member;
  relation: number;
  /** Another clinician with a patient of their own: their ids must answer as missing to the first pair. */
  other: Clinician;
  stranger: Member;
  strangerRelation: number;
}

/** Two verified clinicians, each with a verified app member registered as their patient (on this device type). */
export async function careTeams(
  app: FastifyInstance,
  mail: MailCatcher,
  options: { clinician?: Partial<SignUpRequest>; other?: Partial<SignUpRequest>; deviceType?: 1 | 2 } = {},
): Promise<CareTeams> {
  const clinician = await verifiedClinician(app, mail, options.clinician);
  const other = await verifiedClinician(app, mail, options.other);
  const member = await verifiedPatient(app, mail);
  const stranger = await verifiedPatient(app, mail);
  const relation = await registerMember(
    app,
    clinician.tokens.accessToken,
    member.tokens.accessToken,
    options.deviceType,
  );
  const strangerRelation = await registerMember(
    app,
    other.tokens.accessToken,
    stranger.tokens.accessToken,
    options.deviceType,
  );
  return { clinician, member, relation, other, stranger, strangerRelation };
}
