import type { ConsentSpan } from '@clinic/contract';
import { and, desc, eq, inArray, isNull, max } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { manager, medicalRelation, monitoringConsent } from '../../db/schema.ts';

export type ConsentRow = typeof monitoringConsent.$inferSelect;
/** A consent with the names of the clinicians who recorded it and its withdrawal. */
export type NamedConsentRow = ConsentRow & {
  recorder: { firstName: string; lastName: string };
  withdrawer: { firstName: string; lastName: string } | null;
};

const recorder = alias(manager, 'recorder');
const withdrawer = alias(manager, 'withdrawer');

export interface MonitoringConsentRepository {
  /** The relation's consents with their clinicians' names, newest first. */
  listByRelation(seqMedicalRelation: number, seqMonitoringConsent?: number): Promise<NamedConsentRow[]>;
  /** The days each relation's consents cover, for the monitoring codes. */
  spansOf(relations: number[]): Promise<Map<number, ConsentSpan[]>>;
  /** The latest withdrawal of the relation's consents: a new one may not start before it. */
  lastWithdrawal(seqMedicalRelation: number): Promise<string | null>;
  findInForce(seqMedicalRelation: number): Promise<ConsentRow | undefined>;
  insert(row: typeof monitoringConsent.$inferInsert): Promise<ConsentRow>;
  /** The consent, when its patient is the clinician's, with the patient it concerns. */
  findOwned(
    seqMonitoringConsent: number,
    seqManager: number,
  ): Promise<(ConsentRow & { seqPatient: number }) | undefined>;
  /** Records the withdrawal of a consent in force; false when it was withdrawn already. */
  withdraw(seqMonitoringConsent: number, withdrawal: { on: string; by: number; at: Date }): Promise<boolean>;
}

export function monitoringConsentRepository(db: Database): MonitoringConsentRepository {
  return {
    async listByRelation(seqMedicalRelation, seqMonitoringConsent) {
      const rows = await db
        .select({
          consent: monitoringConsent,
          recorder: { firstName: recorder.firstName, lastName: recorder.lastName },
          withdrawer: { firstName: withdrawer.firstName, lastName: withdrawer.lastName },
        })
        .from(monitoringConsent)
        .innerJoin(recorder, eq(recorder.seqManager, monitoringConsent.recordedBy))
        .leftJoin(withdrawer, eq(withdrawer.seqManager, monitoringConsent.withdrawnBy))
        .where(
          and(
            eq(monitoringConsent.seqMedicalRelation, seqMedicalRelation),
            seqMonitoringConsent === undefined
              ? undefined
              : eq(monitoringConsent.seqMonitoringConsent, seqMonitoringConsent),
          ),
        )
        .orderBy(desc(monitoringConsent.givenOn), desc(monitoringConsent.seqMonitoringConsent));
      return rows.map((row) => ({ ...row.consent, recorder: row.recorder, withdrawer: row.withdrawer }));
    },

    async spansOf(relations) {
      if (relations.length === 0) return new Map();
      const rows = await db
        .select({
          seqMedicalRelation: monitoringConsent.seqMedicalRelation,
          givenOn: monitoringConsent.givenOn,
          withdrawnOn: monitoringConsent.withdrawnOn,
        })
        .from(monitoringConsent)
        .where(inArray(monitoringConsent.seqMedicalRelation, relations));
      const spans = new Map<number, ConsentSpan[]>();
      for (const { seqMedicalRelation, ...span } of rows)
        spans.set(seqMedicalRelation, [...(spans.get(seqMedicalRelation) ?? []), span]);
      return spans;
    },

    async lastWithdrawal(seqMedicalRelation) {
      const [row] = await db
        .select({ last: max(monitoringConsent.withdrawnOn) })
        .from(monitoringConsent)
        .where(eq(monitoringConsent.seqMedicalRelation, seqMedicalRelation));
      return row?.last ?? null;
    },

    async findInForce(seqMedicalRelation) {
      const [row] = await db
        .select()
        .from(monitoringConsent)
        .where(
          and(eq(monitoringConsent.seqMedicalRelation, seqMedicalRelation), isNull(monitoringConsent.withdrawnOn)),
        );
      return row;
    },

    async insert(row) {
      const [inserted] = await db.insert(monitoringConsent).values(row).returning();
      return inserted!;
    },

    async findOwned(seqMonitoringConsent, seqManager) {
      const [row] = await db
        .select({ consent: monitoringConsent, seqPatient: medicalRelation.seqPatient })
        .from(monitoringConsent)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, monitoringConsent.seqMedicalRelation))
        .where(
          and(
            eq(monitoringConsent.seqMonitoringConsent, seqMonitoringConsent),
            eq(medicalRelation.seqManager, seqManager),
          ),
        );
      return row && { ...row.consent, seqPatient: row.seqPatient };
    },

    async withdraw(seqMonitoringConsent, { on, by, at }) {
      const changed = await db
        .update(monitoringConsent)
        .set({ withdrawnOn: on, withdrawnBy: by, withdrawnAt: at })
        .where(
          and(eq(monitoringConsent.seqMonitoringConsent, seqMonitoringConsent), isNull(monitoringConsent.withdrawnOn)),
        )
        .returning({ seqMonitoringConsent: monitoringConsent.seqMonitoringConsent });
      return changed.length > 0;
    },
  };
}
