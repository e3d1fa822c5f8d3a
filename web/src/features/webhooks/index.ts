/** Outgoing webhooks: the Settings card that adds endpoints, shows their log and resends. */

export { WebhooksCard } from "./components/webhooks-card";
