import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "./connection";
import { serverSecrets } from "./schema";

/** The secret named `name`: the one already kept, or `candidate`, kept now (the first instance to ask wins). */
export async function keepServerSecret(db: Database, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  if (!row) throw new Error(`The server secret ${name} could not be kept.`);
  return row.value;
}
