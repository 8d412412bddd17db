"use client";

import { EmptyPanel } from "@/components/ui/empty-panel";
import { PanelBoundary } from "@/components/ui/panel-boundary";
import { ArenaSessionsBar } from "./arena-sessions-bar";
import { ArenaStage } from "./arena-stage";
import { ArenaStandings } from "./arena-standings";
import type { ArenaSessions } from "./use-arena-sessions";

/** The right-hand side in arena mode: the session, the pair to judge, and the standings so far. */
export function ArenaPanel({ arenas, active }: { arenas: ArenaSessions; active: boolean }) {
  const { current, sessions } = arenas;
  return (
    <div className="flex flex-col gap-6" data-testid="arena-panel">
      {sessions.length > 0 && (
        <ArenaSessionsBar
          sessions={sessions}
          current={current}
          notKept={arenas.notKept}
          onResume={arenas.resume}
          onRemove={arenas.remove}
        />
      )}
      {current ? (
        <>
          {/* Keyed by session: a resumed session starts with nothing revealed and nothing running. */}
          <PanelBoundary panel="The arena">
            <ArenaStage key={current.id} session={current} active={active} onVote={arenas.vote} />
          </PanelBoundary>
          <ArenaStandings session={current} />
        </>
      ) : (
        <EmptyPanel title="A blind arena between models">
          <p className="max-w-md text-sm">
            Choose two to four models and a few prompts, then Start. Each pair is shown side by side with the names hidden; say which is
            better (← or →, ↓ for a tie) and the models are revealed. The standings rank the models from every vote.
          </p>
        </EmptyPanel>
      )}
    </div>
  );
}
