/** Sizes as people read them: 512 B, 21.9 KB, 64.0 MB, 2.0 GB. */
export function formatBytes(count: number): string {
  if (count < 1024) return `${count} B`;
  if (count < 1024 * 1024) return `${(count / 1024).toFixed(1)} KB`;
  if (count < 1024 * 1024 * 1024) return `${(count / 1024 / 1024).toFixed(1)} MB`;
  return `${(count / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
