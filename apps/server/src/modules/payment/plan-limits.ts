import { rules } from '@clinic/contract';
import { sql } from 'drizzle-orm';
import { product, subscription } from '../../db/schema.ts';
import type { PlanLimits } from '../patient/index.ts';
import { paymentRepository } from './payment.repository.ts';
import { isLive } from './subscription-period.ts';

/** The active-patient limit read from the subscription: its plan's, or the free limit without one. */
export const subscriptionPlanLimits: PlanLimits = {
  async activePatientLimit(database, seqManager) {
    const row = await paymentRepository(database).findSubscription(seqManager);
    return isLive(row) ? row.product.patientLimit : rules.freePatientLimit;
  },
  activePatientLimitSql: (seqManager) => sql<number>`coalesce((
    select ${product.patientLimit} from ${subscription} join ${product} on ${product.seqProduct} = ${subscription.seqProduct}
    where ${subscription.seqManager} = ${seqManager} and ${subscription.status} <> 'ended'), ${rules.freePatientLimit})::int`,
};
