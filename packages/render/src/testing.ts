/** Local stand-ins of outside services for other workspaces' tests (never imported by product code). */
export { type FakeModelHub, startFakeModelHub } from "./tts/testing/fake-model-hub.ts";
export { standInKokoroFiles } from "./tts/testing/stand-in-kokoro.ts";
