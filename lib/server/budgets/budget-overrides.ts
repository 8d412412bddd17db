import "server-only";
import { eq } from "drizzle-orm";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { budgetOverrides } from "@/lib/server/database/schema";
import { appendAudit } from "@/lib/server/audit/audit-log";
import type { Author } from "@/lib/server/people/author";
import type { BudgetCaps } from "./budget-store";
import { forgetOwnCaps } from "./own-caps";

/**
 * An admin's caps for one author. A NULL cap falls back to the configured one; an override with no
 * cap at all is removed. Every change is audited with what it was and what it became.
 */

export async function overrideOf(connection: Pick<DatabaseConnection, "db">, author: string): Promise<BudgetCaps | null> {
  const [row] = await connection.db.select().from(budgetOverrides).where(eq(budgetOverrides.author, author)).limit(1);
  return row ? { imagesPerDay: row.imagesPerDay, imagesPerMonth: row.imagesPerMonth, costMicrosPerMonth: row.costMicrosPerMonth } : null;
}

export async function allOverrides(connection: Pick<DatabaseConnection, "db">): Promise<Map<string, BudgetCaps>> {
  const rows = await connection.db.select().from(budgetOverrides);
  return new Map(
    rows.map((row) => [
      row.author,
      { imagesPerDay: row.imagesPerDay, imagesPerMonth: row.imagesPerMonth, costMicrosPerMonth: row.costMicrosPerMonth },
    ]),
  );
}

const describe = (caps: BudgetCaps | null) =>
  caps === null
    ? "configured caps"
    : [
        `images/day ${caps.imagesPerDay ?? "configured"}`,
        `images/month ${caps.imagesPerMonth ?? "configured"}`,
        `cost/month ${caps.costMicrosPerMonth === null ? "configured" : (caps.costMicrosPerMonth / 1_000_000).toFixed(2)}`,
      ].join(", ");

export async function setOverride(connection: Pick<DatabaseConnection, "db">, target: Author, caps: BudgetCaps, by: Author): Promise<void> {
  const before = await overrideOf(connection, target.id);
  const none = caps.imagesPerDay === null && caps.imagesPerMonth === null && caps.costMicrosPerMonth === null;
  await connection.db.transaction(async (tx) => {
    if (none) {
      await tx.delete(budgetOverrides).where(eq(budgetOverrides.author, target.id));
    } else {
      const values = { ...caps, updatedBy: by.id, updatedAt: new Date() };
      await tx
        .insert(budgetOverrides)
        .values({ author: target.id, ...values })
        .onConflictDoUpdate({ target: budgetOverrides.author, set: values });
    }
  });
  forgetOwnCaps(connection);
  await appendAudit(connection, {
    action: "budget-change",
    author: by,
    detail: `${target.name} (${target.id}): ${describe(before)} → ${describe(none ? null : caps)}`,
  });
}
