import "server-only";

/**
 * Turns among things under way in this process: at most `perClient` for one client and `total` in
 * all (given with each take: it may come from the configuration). Past either, the caller is turned away (never queued) and told which cap it met and when the
 * soonest turn is expected back. The sign-in gate and the share uploads each hold one.
 */
export type Turn = { ok: true; release: () => void } | { ok: false; reason: "client" | "all"; soonestBackAt: number };

export class ClientTurns {
  /** Each client's turns under way, with when each is expected back. */
  private readonly clients = new Map<string, number[]>();
  private total = 0;

  constructor(private readonly perClient: number) {}

  take(client: string, total: number, expectedBackAt: number): Turn {
    const mine = this.clients.get(client) ?? [];
    if (mine.length >= this.perClient) return { ok: false, reason: "client", soonestBackAt: Math.min(...mine) };
    if (this.total >= total) {
      const soonest = Math.min(...[...this.clients.values()].flat());
      return { ok: false, reason: "all", soonestBackAt: soonest };
    }
    mine.push(expectedBackAt);
    this.clients.set(client, mine);
    this.total += 1;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = this.clients.get(client) ?? [];
        left.splice(left.indexOf(expectedBackAt), 1);
        if (left.length === 0) this.clients.delete(client);
      },
    };
  }
}
