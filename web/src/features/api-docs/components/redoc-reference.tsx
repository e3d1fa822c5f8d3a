import { RedocStandalone } from "redoc";

/**
 * Redoc drawing the served OpenAPI document. Its sidebar sits under the site's sticky header (4rem), and its
 * type follows the site's; the panel is light whatever the site's theme, as Redoc draws one theme only.
 */
export default function RedocReference({ specUrl }: { specUrl: string }) {
  return (
    <RedocStandalone
      specUrl={specUrl}
      options={{
        scrollYOffset: 64,
        hideDownloadButton: false,
        expandResponses: "200,201",
        jsonSampleExpandLevel: 2,
        pathInMiddlePanel: true,
        theme: {
          colors: { primary: { main: "#c2185b", light: "#c2185b" } },
          typography: {
            fontFamily: '"Geist Variable", system-ui, sans-serif',
            headings: { fontFamily: '"Bricolage Grotesque Variable", "Geist Variable", system-ui, sans-serif' },
            code: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" },
          },
        },
      }}
    />
  );
}
