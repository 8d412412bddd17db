import { clsx, type ClassValue } from "clsx";

/**
 * Class names joined, skipping the false and the empty. Deliberately without tailwind-merge: it
 * added about 9 KiB (gzipped) and its first call's setup to the first screen, which must stay as
 * light as a bare page; variants (cva) are written so that callers never pass a conflicting class.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
