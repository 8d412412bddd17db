import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils/cn";

/**
 * The playground's buttons: one look for each role, so that colours (and their contrast in both
 * schemes) are decided once. `buttonClass` is for the few places that are not a <button>.
 */

export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500";

/**
 * Each class decides one property once (no variant and no caller class set the same one), so
 * joining them needs no merging (see cn).
 */
export const buttonVariants = cva(
  `inline-flex items-center justify-center gap-1.5 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`,
  {
    variants: {
      variant: {
        primary: "bg-accent-600 font-medium text-white hover:bg-accent-700 dark:bg-accent-500 dark:text-zinc-950 dark:hover:bg-accent-400",
        secondary: "border border-zinc-300 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800",
        danger:
          "border border-red-300 font-medium text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950/50",
        /** A choice among several (a ratio preset): lit while pressed, in the text's own weight. */
        toggle:
          "border border-zinc-300 hover:bg-zinc-100 aria-pressed:border-accent-500 aria-pressed:bg-accent-50 aria-pressed:text-accent-700 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:aria-pressed:bg-accent-500/15 dark:aria-pressed:text-accent-400",
      },
      size: {
        md: "rounded-lg px-3 py-1.5 text-sm",
        sm: "rounded-lg px-2.5 py-1 text-xs",
        xs: "rounded-md px-2 py-0.5 text-xs",
        chip: "rounded-lg px-2 py-1 text-xs",
        /** A form's own action (Generate, Run grid, Sign in): the largest target on the page. */
        lg: "rounded-xl px-4 py-2.5 text-base",
      },
    },
    defaultVariants: { variant: "secondary", size: "md" },
  },
);

type Variants = VariantProps<typeof buttonVariants>;
export type ButtonVariant = NonNullable<Variants["variant"]>;
export type ButtonSize = NonNullable<Variants["size"]>;

export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md"): string {
  return buttonVariants({ variant, size });
}

export function Button({
  variant = "secondary",
  size = "md",
  className,
  type = "button",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
