"use client";

import { saveBlob } from "@/lib/browser/image-actions";
import { sessionJson, sessionTitle, votesCsv, type ArenaSession } from "@/lib/arena/arena-session";
import { Button } from "@/components/ui/button";
import { dateTimeText } from "@/lib/utils/time-ago";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useState } from "react";

type ArenaSessionsBarProps = {
  sessions: ArenaSession[];
  current: ArenaSession | null;
  notKept: boolean;
  onResume: (id: string) => void;
  onRemove: (id: string) => void;
};

const fileStem = (session: ArenaSession) => `arena-${new Date(session.createdAt).toISOString().slice(0, 19).replace(/[:T]/g, "-")}`;

/** Which kept session is shown (resume an earlier one), its votes exported, or the session deleted. */
export function ArenaSessionsBar({ sessions, current, notKept, onResume, onRemove }: ArenaSessionsBarProps) {
  const [confirming, setConfirming] = useState<ArenaSession | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="arena-session" className="text-xs font-medium">
          Session
        </label>
        <select
          id="arena-session"
          value={current?.id ?? ""}
          onChange={(event) => onResume(event.target.value)}
          className="max-w-full min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
        >
          {sessions.map((session) => (
            <option key={session.id} value={session.id}>
              {dateTimeText(session.createdAt)} · {sessionTitle(session)}
            </option>
          ))}
        </select>
        {current && (
          <>
            <Button size="sm" onClick={() => saveBlob(new Blob([votesCsv(current)], { type: "text/csv" }), `${fileStem(current)}.csv`)}>
              Export CSV
            </Button>
            <Button
              size="sm"
              onClick={() => saveBlob(new Blob([sessionJson(current)], { type: "application/json" }), `${fileStem(current)}.json`)}
            >
              Export JSON
            </Button>
            <Button size="sm" variant="danger" onClick={() => setConfirming(current)}>
              Delete session
            </Button>
          </>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete this arena session?"
          body={`${confirming.votes.length === 1 ? "Its 1 vote is" : `Its ${confirming.votes.length} votes are`} removed from this browser. Export them first to keep a copy.`}
          confirmLabel="Delete session"
          onConfirm={() => onRemove(confirming.id)}
          onClose={() => setConfirming(null)}
        />
      )}
      {notKept && (
        <p role="alert" className="text-xs text-amber-900 dark:text-amber-200">
          This browser refused to keep the arena: its votes last until the page is reloaded. Export them to keep a copy.
        </p>
      )}
    </div>
  );
}
