import type { BuilderConfig, BuilderDraft } from "./builder-config";

/**
 * The steps whose fields differ between the draft a preview was made from and the draft now, by their labels in
 * step order (what the builder names when the preview no longer shows the video).
 */
export function changedSteps<D extends BuilderDraft>(
  config: Pick<BuilderConfig<D>, "steps">,
  previewed: D,
  now: D,
): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return config.steps
    .filter((step) => step.fields.some((field) => !same(previewed[field], now[field])))
    .map((step) => step.label);
}
