import path from "node:path";
import { writeShowcaseFixture } from "./showcase-fixture.ts";

/** Gives the e2e server a showcase to serve (it reads the manifest on each request). */
export default function globalSetup(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is set by playwright.config.ts");
  writeShowcaseFixture(path.join(dataDir, "showcase"));
}
