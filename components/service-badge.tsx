import type { PublicServiceInfo } from "@/lib/request/service-info";

/** Says which service the playground calls: the built-in demo, or the configured URL in use. */
export function ServiceBadge({ service, endpointInUse }: { service: PublicServiceInfo; endpointInUse: string | null }) {
  if (service.mode === "demo") {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted" data-testid="service-badge">
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-300">
          Demo service
        </span>
        <span>
          Built-in images for trying things out. To use a real service, set <code className="font-mono">IMAGE_API_BASE_URL</code> and{" "}
          <code className="font-mono">IMAGE_API_KEY</code> on the server.
        </span>
      </p>
    );
  }
  const [first, second] = service.endpoints;
  const found = endpointInUse ?? (service.endpoints.length === 1 ? first : null);
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted" data-testid="service-badge">
      <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-300">
        Service
      </span>
      {found ? (
        <code className="truncate font-mono text-xs" title="The endpoint in use">
          {found}
        </code>
      ) : (
        <span className="text-xs">
          Finding the base form: <code className="font-mono">{first}</code>, then <code className="font-mono">{second}</code>
        </span>
      )}
      <span className="text-xs">key ••••{service.keyHint}</span>
      {service.demoAlongside && <span className="text-xs">· demo models also available</span>}
    </p>
  );
}
