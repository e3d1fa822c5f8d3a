/**
 * Saves a finished video under its title: the signed download link answers with the file as an
 * attachment; fetching it first lets the screen say whether it worked.
 */
export async function downloadVideo(url: string, filename: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`download failed with ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement("a");
    anchor.href = objectUrl;
    anchor.download = filename;
    anchor.rel = "noopener";
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Give the browser a moment to start the save before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
