/** The public API reference page (/docs/api). */

export { ApiReferenceScreen } from "./components/api-reference-screen";
