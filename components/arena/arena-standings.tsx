"use client";

import { useId, useMemo, useState } from "react";
import { sessionStandings, type ArenaSession } from "@/lib/arena/arena-session";
import type { Standing } from "@/lib/arena/standings";

const percent = (value: number) => `${Math.round(value * 100)} %`;

/** Per model: wins, losses, ties, win rate with its 95 % interval, and Bradley–Terry strength; per prompt on request. */
export function ArenaStandings({ session }: { session: ArenaSession }) {
  const [perPrompt, setPerPrompt] = useState(false);
  const overall = useMemo(() => sessionStandings(session), [session]);
  const byPrompt = useMemo(
    () => (perPrompt ? session.plan.prompts.map((prompt) => [prompt, sessionStandings(session, prompt)] as const) : []),
    [perPrompt, session],
  );
  return (
    <section aria-label="Arena results" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">Standings</h2>
        <label className="flex items-center gap-1.5 text-xs">
          <input
            type="checkbox"
            checked={perPrompt}
            onChange={(event) => setPerPrompt(event.target.checked)}
            className="accent-accent-600"
          />
          By prompt
        </label>
      </div>
      <StandingsTable label="Standings" rows={overall} />
      <p className="text-xs text-muted">
        Ties count half a win. The interval is Wilson&apos;s at 95 %. Strength is a Bradley–Terry fit of every vote: 1 is an average model,
        2 beats an average one two times in three.
      </p>
      {byPrompt.map(([prompt, rows]) => (
        <div key={prompt} className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">{prompt}</h3>
          <StandingsTable label={`Standings for ${prompt}`} rows={rows} />
        </div>
      ))}
    </section>
  );
}

function StandingsTable({ label, rows }: { label: string; rows: Standing[] }) {
  const id = useId();
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full border-collapse text-left text-sm" data-testid={`standings-${id}`}>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Model
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Wins
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Losses
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Ties
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Win rate (95 % interval)
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Strength
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.model} className="border-t border-zinc-200 dark:border-zinc-800">
              <th scope="row" className="py-1.5 pr-3 font-mono font-normal">
                {row.model}
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">{row.wins}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{row.losses}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{row.ties}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                {row.winRate === null || !row.interval
                  ? "—"
                  : `${percent(row.winRate)} (${percent(row.interval[0])}–${percent(row.interval[1])})`}
              </td>
              <td className="py-1.5 text-right tabular-nums">{row.strength.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
