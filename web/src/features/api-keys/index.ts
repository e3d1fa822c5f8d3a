/** Personal API keys: the Settings card that makes, lists and revokes them. */

export { ApiKeysCard } from "./components/api-keys-card";
