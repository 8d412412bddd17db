import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";

/** The header of the pages beside the playground (Usage, Tokens): the page's name, who is looking, the way back. */
export function AccountPageHeader({ title, who }: { title: string; who: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 lg:px-6 dark:border-zinc-800">
      <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
      <div className="flex items-center gap-3 text-sm">
        <span className="text-muted">{who}</span>
        <Link href="/" className={buttonClass("secondary", "sm")}>
          Back to the playground
        </Link>
      </div>
    </header>
  );
}
