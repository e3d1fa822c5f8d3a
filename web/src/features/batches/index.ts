/** Batches: the Creator Studio's Batch tab (a file of rows made at once) and a batch's page. */

export { BatchForm } from "./components/batch-form";
export { BatchList } from "./components/batch-list";
export { BatchScreen } from "./components/batch-screen";
