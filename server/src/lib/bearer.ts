/** The key of an `Authorization: Bearer <key>` header, or undefined when the request sends none. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
