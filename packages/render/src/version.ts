/**
 * The version of what the engine draws and encodes. Caches of rendered output (the landing's showcase
 * clips, the caption style previews) include it in their keys, so a change to the pictures or the
 * encoding rebuilds them once. Bump it whenever the output of the same input changes.
 */
export const ENGINE_VERSION = "8";
