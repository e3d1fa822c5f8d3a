/** Query key of the credits summary (balance buckets, usage, daily spend). */
export const creditsQueryKey = ["credits"] as const;
