import { APP_PAGE_PATHS, knownPagePatterns } from "@reelsmith/core";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";

import { routes } from "./router";

/** Every page pattern the router declares, as an absolute path (layouts and the catch-all left out). */
function routerPaths(list: RouteObject[], parent = ""): string[] {
  return list.flatMap((route) => {
    const own = route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
    const children = route.children ? routerPaths(route.children, own) : [];
    const self = route.index ? [own || "/"] : route.path && route.path !== "*" ? [own] : [];
    return [...self, ...children];
  });
}

describe("the router and core's known page paths", () => {
  // The server answers 404 for a page path core does not know: a route missing from core would be served as not found.
  it("declares no page that core's list lacks", () => {
    const known = new Set(knownPagePatterns());
    const missing = routerPaths(routes).filter((path) => !known.has(path));
    expect(missing, "add these paths to APP_PAGE_PATHS in packages/core/src/catalogue/app-paths.ts").toEqual([]);
  });

  it("has a route for every app page core lists", () => {
    const declared = new Set(routerPaths(routes));
    expect(APP_PAGE_PATHS.filter((path) => !declared.has(path))).toEqual([]);
  });
});
