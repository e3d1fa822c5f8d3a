/** Answers for endpoints other than /api/session, by path; cleared after every test. */
export const otherApi: Record<string, (init?: RequestInit) => Response | Promise<Response>> = {};

export function clearOtherApi(): void {
  for (const key of Object.keys(otherApi)) delete otherApi[key];
}
