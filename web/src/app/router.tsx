import { videoTypeCatalogue } from "@reelsmith/core";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";

import { LandingRoute } from "@/routes/landing";
import { PublicLayoutRoute } from "@/routes/public-layout";
import { type BuilderRouteHandle, builtBuilders, signedOutNotices } from "./builders";
import { RootLayout } from "./root-layout";
import { RouteErrorPage } from "./route-error";

/**
 * The landing page and its frame ship in the entry, so "/" renders without a second round trip;
 * every other page is a lazily loaded module. Route files are thin: they read data and render a
 * feature screen.
 */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => null,
    children: [
      {
        Component: PublicLayoutRoute,
        children: [
          { index: true, Component: LandingRoute },
          { path: "pricing", lazy: () => import("@/routes/pricing").then((m) => ({ Component: m.PricingRoute })) },
          {
            path: "features",
            lazy: () => import("@/routes/features").then((m) => ({ Component: m.FeaturesRoute })),
          },
          {
            path: "faq",
            lazy: () => import("@/routes/faq").then((m) => ({ Component: m.FaqRoute })),
          },
          {
            path: "bespoke",
            lazy: () => import("@/routes/bespoke").then((m) => ({ Component: m.BespokeRoute })),
          },
          {
            path: "demo",
            lazy: () => import("@/routes/demo").then((m) => ({ Component: m.DemoRoute })),
          },
          {
            path: "about",
            lazy: () => import("@/routes/about").then((m) => ({ Component: m.AboutRoute })),
          },
          {
            path: "support",
            lazy: () => import("@/routes/support").then((m) => ({ Component: m.SupportRoute })),
          },
          {
            path: "privacy",
            lazy: () => import("@/routes/privacy").then((m) => ({ Component: m.PrivacyRoute })),
          },
          {
            path: "terms",
            lazy: () => import("@/routes/terms").then((m) => ({ Component: m.TermsRoute })),
          },
          {
            path: "contact",
            lazy: () => import("@/routes/contact").then((m) => ({ Component: m.ContactRoute })),
          },
          {
            path: "docs/api",
            lazy: () => import("@/routes/api-docs").then((m) => ({ Component: m.ApiDocsRoute })),
          },
          {
            path: "blog",
            lazy: () => import("@/routes/blog").then((m) => ({ Component: m.BlogRoute })),
          },
          {
            path: "blog/:slug",
            lazy: () =>
              import("@/routes/blog-article").then((m) => ({ loader: m.articleLoader, Component: m.BlogArticleRoute })),
          },
          { path: "auth", lazy: () => import("@/routes/auth").then((m) => ({ Component: m.AuthRoute })) },
          {
            path: "email-confirmed",
            lazy: () => import("@/routes/email-confirmed").then((m) => ({ Component: m.EmailConfirmedRoute })),
          },
          { path: "*", lazy: () => import("@/routes/not-found").then((m) => ({ Component: m.NotFoundRoute })) },
        ],
      },
      {
        lazy: () => import("@/routes/app/app-layout").then((m) => ({ Component: m.AppLayoutRoute })),
        children: [
          { path: "home", lazy: () => import("@/routes/app/home").then((m) => ({ Component: m.HomeRoute })) },
          {
            path: "dashboard",
            lazy: () => import("@/routes/app/dashboard").then((m) => ({ Component: m.DashboardRoute })),
          },
          { path: "create", lazy: () => import("@/routes/app/create").then((m) => ({ Component: m.CreateRoute })) },
          {
            path: "create/batches/:id",
            lazy: () => import("@/routes/app/batch").then((m) => ({ Component: m.BatchRoute })),
          },
          // Every builder route belongs to the app.
          ...videoTypeCatalogue.map(
            (type): RouteObject => ({
              path: type.route.replace(/^\//, ""),
              handle: {
                builder: { name: type.name, signedOut: signedOutNotices[type.type] },
              } satisfies BuilderRouteHandle,
              lazy: builtBuilders[type.type],
            }),
          ),
          // The UGC builder's photo guidelines: part of the builder, so a visitor hears the same words.
          {
            path: "ai-ugc-ads/guidelines",
            handle: {
              builder: { name: "AI UGC Ads", signedOut: signedOutNotices["ugc-ads"] },
            } satisfies BuilderRouteHandle,
            lazy: () =>
              import("@/routes/app/ai-ugc-ads-guidelines").then((m) => ({ Component: m.AiUgcAdsGuidelinesRoute })),
          },
          {
            path: "settings",
            lazy: () => import("@/routes/app/settings").then((m) => ({ Component: m.SettingsRoute })),
          },
          { path: "help", lazy: () => import("@/routes/app/help").then((m) => ({ Component: m.HelpRoute })) },
          {
            path: "affiliate",
            lazy: () => import("@/routes/app/affiliate").then((m) => ({ Component: m.AffiliateRoute })),
          },
        ],
      },
      {
        path: "checkout/test/:id",
        lazy: () => import("@/routes/test-checkout").then((m) => ({ Component: m.TestCheckoutRoute })),
      },
      {
        path: "billing/portal",
        lazy: () => import("@/routes/billing-portal").then((m) => ({ Component: m.BillingPortalRoute })),
      },
      {
        path: "billing/test-portal",
        lazy: () => import("@/routes/test-portal").then((m) => ({ Component: m.TestPortalRoute })),
      },
      { path: "app/faq", element: <Navigate to="/faq" replace /> },
      { path: "dashboard/faq", element: <Navigate to="/faq" replace /> },
      { path: "app/features", element: <Navigate to="/features" replace /> },
      { path: "dashboard/features", element: <Navigate to="/features" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
