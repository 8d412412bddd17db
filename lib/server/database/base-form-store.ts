import "server-only";
import { eq, sql } from "drizzle-orm";
import type { BaseForm } from "@/lib/server/upstream/service-url";
import type { Database } from "./connection";
import { serviceBaseForms } from "./schema";

/** The base form that answered for a service root, as every instance on the database knows it. */
export async function readBaseForm(db: Database, root: string): Promise<BaseForm | null> {
  const [row] = await db.select({ form: serviceBaseForms.form }).from(serviceBaseForms).where(eq(serviceBaseForms.root, root)).limit(1);
  return row?.form ?? null;
}

export async function writeBaseForm(db: Database, root: string, form: BaseForm): Promise<void> {
  await db
    .insert(serviceBaseForms)
    .values({ root, form })
    .onConflictDoUpdate({ target: serviceBaseForms.root, set: { form, updatedAt: sql`now()` } });
}
