/** Query key of the signed-in account. Kept apart from the fetcher so the app shell can import it cheaply. */
export const accountQueryKey = ["account"] as const;
