/**
 * Free text a user types is stored in PostgreSQL `text`, which cannot hold U+0000. Schemas of such text
 * refuse it with `.refine(hasNoNul, messages.common.nulCharacter)`; the server also refuses it in any
 * request before a route reads it.
 */
export function hasNoNul(value: string): boolean {
  return !value.includes("\u0000");
}
