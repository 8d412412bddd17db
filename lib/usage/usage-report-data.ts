/** What the Usage page receives from the server: plain data, ready to render. */

export type UsageLineData = {
  key: string;
  name: string;
  requests: number;
  images: number;
  failures: number;
  costMicros: number;
  currency: string | null;
};
/** One line of the audit log as the page shows it. */
export type AuditLineData = {
  id: number;
  at: string;
  action: string;
  authorName: string;
  model: string | null;
  aspectRatio: string | null;
  status: number | null;
  images: number | null;
  costMicros: number | null;
  currency: string | null;
  requestId: string | null;
  prompt: string | null;
  detail: string | null;
};

export type CapsData = { imagesPerDay: number | null; imagesPerMonth: number | null; costMicrosPerMonth: number | null };
export type SpendData = { images: number; costMicros: number };

export type UsageReportData = {
  viewer: { name: string; isAdmin: boolean; id: string };
  /** People sign in with a provider: their sessions can be ended by an admin. */
  signInWithProvider: boolean;
  range: { from: string; to: string; problem: string | null };
  filters: { action: string | null; person: string | null };
  people: UsageLineData[];
  models: UsageLineData[];
  chart: { days: string[]; unit: "images" | "cost"; points: { day: string; model: string; value: number }[] };
  currency: string | null;
  budgets: {
    people: { id: string; name: string; today: SpendData; month: SpendData; caps: CapsData; override: CapsData | null }[];
    configured: CapsData;
    notice: "saved" | "invalid" | "not-admin" | "sessions-ended" | null;
  };
  /** Each person's library on the server (null when PLAYGROUND_LIBRARY is off). */
  library: {
    limitBytes: number;
    people: { id: string; name: string; runs: number; bytes: number }[];
    notice: "cleared" | "invalid" | "not-admin" | null;
  } | null;
  audit: {
    lines: AuditLineData[];
    next: number | null;
    showPrompts: boolean;
    keptDays: number;
  };
};

export const AUDIT_ACTION_NAMES = {
  "sign-in": "Sign-in",
  "sign-out": "Sign-out",
  generate: "Generate",
  share: "Share",
  "stop-sharing": "Stop sharing",
  "budget-change": "Budget change",
  "token-created": "Token created",
  "token-revoked": "Token revoked",
} as const;
