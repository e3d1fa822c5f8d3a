import type { z } from "zod";

/**
 * Step completion read from the video type's own input schema: a step names the fields it covers and
 * is complete when parsing the draft reports no issue at any of them. The limits and required fields
 * live once, in `@reelsmith/core`.
 *
 * Object-level refinements (say, "a caption style when captions are on") run only once every field
 * parses, so such a rule shows on its step when the rest of the draft is valid; Generate waits for the
 * whole schema either way.
 */
export function fieldsWithIssues(schema: z.ZodType, draft: unknown): ReadonlySet<string> {
  const result = schema.safeParse(draft);
  if (result.success) return new Set();
  return new Set(result.error.issues.map((issue) => String(issue.path[0] ?? "")));
}

export function stepComplete(schema: z.ZodType, fields: readonly string[], draft: unknown): boolean {
  const failing = fieldsWithIssues(schema, draft);
  return fields.every((field) => !failing.has(field));
}

/**
 * The message of the schema's first issue (at one of `fields`, when given), or null when there is none
 * there. Schemas list their fields in the form's order, so the first issue is the first thing to fix.
 */
export function firstIssueMessage(schema: z.ZodType, draft: unknown, fields?: readonly string[]): string | null {
  const result = schema.safeParse(draft);
  if (result.success) return null;
  const issue = result.error.issues.find((i) => !fields || fields.includes(String(i.path[0] ?? "")));
  return issue?.message ?? null;
}

/** Generation needs the whole input to pass the schema. */
export function readyToGenerate(schema: z.ZodType, draft: unknown): boolean {
  return schema.safeParse(draft).success;
}

/** A step can be opened directly only up to the furthest step reached. */
export function canVisit(target: number, furthest: number): boolean {
  return target >= 0 && target <= furthest;
}

/** Next moves one step on from a complete step, and the furthest step reached follows. */
export function advance(
  step: number,
  furthest: number,
  lastStep: number,
  complete: boolean,
): { step: number; furthest: number } {
  if (step >= lastStep || !complete) return { step, furthest };
  const target = step + 1;
  return { step: target, furthest: Math.max(furthest, target) };
}
