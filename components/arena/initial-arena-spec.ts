import type { ArenaSpec } from "@/lib/arena/arena-plan";

type FormValues = { model?: string; prompt?: string; aspect_ratio?: string };

/**
 * The arena starts from the single form the first time it opens: its prompt and ratio, and its
 * model beside the next suggested one (an arena needs two).
 */
export function initialArenaSpec(values: FormValues | undefined, suggestions: readonly string[]): ArenaSpec {
  const model = values?.model?.trim() ?? "";
  const models = [model, ...suggestions].filter((name, index, all) => name !== "" && all.indexOf(name) === index).slice(0, 2);
  return { models: models.join(", "), prompts: values?.prompt?.trim() ?? "", ratio: values?.aspect_ratio?.trim() || "1:1" };
}
