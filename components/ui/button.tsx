import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils/cn";

/**
 * The playground's buttons: one look for each role, so that colours (and their contrast in both
 * schemes) are decided once. `buttonClass` is for the few places that are not a <button>.
 *
 * Each variant and size is one class of app/ui-primitives.css (the first screen's HTML must stay
 * small; that file says why). They decide different properties, so joining them needs no merging,
 * and a caller's utility class wins over them (see cn).
 */
export const buttonVariants = cva("btn", {
  variants: {
    variant: {
      primary: "btn-primary",
      secondary: "btn-secondary",
      danger: "btn-danger",
      /** A choice among several (a ratio preset): lit while pressed, in the text's own weight. */
      toggle: "btn-toggle",
    },
    size: {
      md: "btn-md",
      sm: "btn-sm",
      xs: "btn-xs",
      chip: "btn-chip",
      /** A form's own action (Generate, Run grid, Sign in): the largest target on the page. */
      lg: "btn-lg",
    },
  },
  defaultVariants: { variant: "secondary", size: "md" },
});

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
