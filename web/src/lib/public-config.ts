import { PUBLIC_URL_PLACEHOLDER, type PublicConfig } from "@reelsmith/core";

const OFF: PublicConfig["analytics"] = { pixel: null, web: null };

let cached: PublicConfig | undefined;

/**
 * The server's public config, embedded in index.html as `<script id="reelsmith-config">` (no
 * round trip). Without it (the Vite dev server, tests) analytics are off and the address is the
 * page's own origin. Only a server that says so is in payments test mode (the banner shows then).
 */
export function publicConfig(): PublicConfig {
  if (typeof document === "undefined") {
    return { publicUrl: PUBLIC_URL_PLACEHOLDER, payments: { mode: "stripe" }, analytics: OFF };
  }
  if (cached) return cached;
  let parsed: Partial<PublicConfig> = {};
  try {
    const text = document.getElementById("reelsmith-config")?.textContent;
    if (text) parsed = JSON.parse(text) as Partial<PublicConfig>;
  } catch {
    parsed = {};
  }
  cached = {
    publicUrl: (parsed.publicUrl ?? window.location.origin).replace(/\/+$/, ""),
    payments: { mode: parsed.payments?.mode === "test" ? "test" : "stripe" },
    analytics: { ...OFF, ...parsed.analytics },
  };
  return cached;
}

/** For tests: forget the cached config so the next call reads the document again. */
export function resetPublicConfig(): void {
  cached = undefined;
}
