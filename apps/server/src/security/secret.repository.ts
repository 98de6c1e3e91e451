import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSecret } from '../db/schema.ts';

export interface SecretRepository {
  getOrCreate(name: string, make: () => string): Promise<string>;
}

export function secretRepository(db: Database): SecretRepository {
  return {
    /** The named secret, made once by whichever instance comes first and shared by all. */
    async getOrCreate(name: string, make: () => string): Promise<string> {
      await db.insert(appSecret).values({ name, value: make() }).onConflictDoNothing();
      const [row] = await db.select().from(appSecret).where(eq(appSecret.name, name));
      return row!.value;
    },
  };
}
