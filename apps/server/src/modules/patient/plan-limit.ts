import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** How many active patients a clinician may have (0: no limit); the subscription decides. */
export interface PlanLimits {
  /** Read through the caller's transaction, so the check and the write see the same state. */
  activePatientLimit(database: Database, seqManager: number): Promise<number>;
  /** The same limit as an SQL expression, for a read that answers it beside other data in one statement. */
  activePatientLimitSql(seqManager: number): SQL<number>;
}
