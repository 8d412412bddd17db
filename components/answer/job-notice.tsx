import type { JobInfo } from "@/lib/answer/job-status";

/** An answer that is a job, not an image: says so plainly, with what the service said about it. */
export function JobNotice({ job }: { job: JobInfo }) {
  const failed = job.phase === "failed";
  return (
    <div
      role={failed ? "alert" : "status"}
      data-testid="job-notice"
      className={`rounded-xl border p-4 text-sm ${failed ? "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100" : "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"}`}
    >
      <p className="font-semibold">{failed ? "The service reports that the job failed." : "The service accepted a job; no image yet."}</p>
      <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[7rem_1fr]">
        {job.id && (
          <>
            <dt className="opacity-70">Job id</dt>
            <dd className="font-mono break-all">{job.id}</dd>
          </>
        )}
        {job.state && (
          <>
            <dt className="opacity-70">State</dt>
            <dd className="font-mono">{job.state}</dd>
          </>
        )}
        {job.pollingUrl && (
          <>
            <dt className="opacity-70">Polling URL</dt>
            <dd className="font-mono break-all">{job.pollingUrl}</dd>
          </>
        )}
      </dl>
      {!failed && <p className="mt-2 opacity-80">The picture comes later from the service; its answer is below.</p>}
    </div>
  );
}
