"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { inputClassName } from "@/components/ui/field-message";

type Made = { token: string; name: string; expiresAt: string };

/**
 * Makes a token and shows it once, with a copy button: the server keeps only its fingerprint. What
 * was typed stays when making one fails, and the failure is said in the server's words.
 */
export function CreateTokenForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [days, setDays] = useState("90");
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/tokens", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, days: Number(days) }),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<Made> & { detail?: string };
      if (!response.ok || typeof body.token !== "string") {
        setError(body.detail ?? `The token could not be made (HTTP ${response.status}).`);
        return;
      }
      setMade({ token: body.token, name: body.name ?? name, expiresAt: body.expiresAt ?? "" });
      setCopied(false);
      setName("");
      router.refresh();
    } catch {
      setError("The playground could not be reached. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="new-token-title"
      className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="new-token-title" className="text-sm font-semibold">
        New token
      </h2>
      {made && (
        <div
          role="status"
          className="mt-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950/40"
        >
          <p className="font-medium">
            “{made.name}” is ready, until {made.expiresAt.slice(0, 10)}. Copy it now: it is not shown again.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="rounded bg-white px-2 py-1 font-mono text-xs break-all dark:bg-zinc-950" data-testid="new-token">
              {made.token}
            </code>
            <Button
              size="sm"
              onClick={() => {
                void navigator.clipboard?.writeText(made.token).then(() => setCopied(true));
              }}
            >
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
        </div>
      )}
      <form onSubmit={create} className="mt-3 grid items-start gap-3 sm:grid-cols-[1fr_auto_auto]">
        <Field id="token-name" label="Name" error={error ?? undefined} hint="What uses it, such as “nightly eval script”.">
          {(control) => (
            <input
              {...control}
              value={name}
              maxLength={80}
              required
              onChange={(event) => setName(event.target.value)}
              className={inputClassName}
            />
          )}
        </Field>
        <Field id="token-days" label="Expires in">
          {(control) => (
            <select {...control} value={days} onChange={(event) => setDays(event.target.value)} className={inputClassName}>
              <option value="7">7 days</option>
              <option value="30">30 days</option>
              <option value="90">90 days</option>
              <option value="365">1 year</option>
            </select>
          )}
        </Field>
        <Button type="submit" variant="primary" className="sm:mt-6.5" disabled={busy}>
          {busy ? "Making…" : "Make token"}
        </Button>
      </form>
    </section>
  );
}
