/** A list of SQL string literals, for a check constraint. */
export function sqlList(values: readonly string[]): string {
  return values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
}
