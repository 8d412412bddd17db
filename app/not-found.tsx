import { NoticePage } from "@/components/ui/notice-page";

/** Any link that leads nowhere, a stopped share included: plain words and the way back. */
export default function NotFound() {
  return (
    <NoticePage title="Nothing is here" tone="plain">
      <p className="mt-2 text-sm text-muted">
        If someone shared this link with you, they may have stopped sharing it. Ask them for a new one.
      </p>
    </NoticePage>
  );
}
