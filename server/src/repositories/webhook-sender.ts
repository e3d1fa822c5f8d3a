import crypto from "node:crypto";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isPrivateOrReserved } from "../lib/private-address.ts";

/** Why a delivery did not reach the endpoint (no answer to record). */
export class DeliveryError extends Error {}

/** The Standard Webhooks signature of a message: `v1,` and base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** A new endpoint secret: `whsec_` and 24 random bytes in base64, as Standard Webhooks writes them. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString("base64")}`;
}

/**
 * A DNS lookup that refuses a private, loopback or link-local address. It runs as the connection is made, so the
 * address checked is the one connected to (a name that resolves elsewhere the second time gains nothing).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => isPrivateOrReserved(a.address));
      if (refused) {
        return callback(new DeliveryError(`${hostname} resolves to a private address (${refused.address})`), "", 0);
      }
      const first = list[0];
      if (!first) return callback(new DeliveryError(`${hostname} has no address`), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

/** Where a URL's host leads: only public addresses, some private one, or nowhere (its name does not resolve). */
export async function addressKind(url: string): Promise<"public" | "private" | "unresolved"> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return "unresolved";
  }
  if (addresses.length === 0) return "unresolved";
  return addresses.some((a) => isPrivateOrReserved(a.address)) ? "private" : "public";
}

/** Posts one signed delivery; answers the endpoint's status code, or throws a DeliveryError when none came. */
export function postWebhook(
  url: string,
  message: { id: string; body: string; secret: string; timestamp: number },
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(message.body),
          "user-agent": "Reelsmith-Webhooks",
          "webhook-id": message.id,
          "webhook-timestamp": String(message.timestamp),
          "webhook-signature": signWebhook(message.secret, message.id, message.timestamp, message.body),
        },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
      },
      (response) => {
        // The answer's body is not read beyond a little: only its status counts.
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("timeout", () => request.destroy(new DeliveryError(`no answer in ${options.timeoutMs / 1000} s`)));
    request.on("error", (error) =>
      reject(error instanceof DeliveryError ? error : new DeliveryError(error.message || "connection failed")),
    );
    request.end(message.body);
  });
}
