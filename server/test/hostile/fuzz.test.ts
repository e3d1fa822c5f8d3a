import fs from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import type { StripeEnv } from "../../src/env.ts";
import { FakeStripe } from "../fake-stripe.ts";
import { startFakeLlm } from "../fakes/fake-llm.ts";
import { TestRenderer } from "../fakes/test-renderer.ts";
import { createHarness, type Harness, json, ORIGIN } from "../harness.ts";
import { testMedia } from "../media.ts";
import { makeMediaFixtures } from "../media-fixtures.ts";
import {
  type Components,
  DeeplyNested,
  type Dictionary,
  hostileString,
  inline,
  jsonText,
  mutatedValue,
  resolve,
  type Schema,
  validValue,
} from "./json-schema-arbitrary.ts";

/**
 * Every operation of the OpenAPI document, called with inputs generated from its own schemas and with
 * hostile ones (wrong types, missing fields, NUL and control characters, odd Unicode, deep nesting,
 * extra fields, malformed JSON, wrong media types, broken percent-encoding, bodies past the limit),
 * anonymously and signed in. The language model behind the AI operations (a local fake) answers with
 * generated text too: its output is untrusted input as well. Whatever comes in, the answer must be one the
 * document lists for the operation, in the schema it documents, and never a 500.
 *
 * FUZZ_RUNS sets the runs per operation (default 40); FUZZ_SEED replays a failure (fast-check prints the
 * seed and the failing input); FUZZ_REPORT=1 prints the statuses each operation answered.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const PLENTY = { max: 1_000_000, windowSeconds: 60 };
const WEBHOOK_SECRET = "whsec_fuzz_secret_for_signatures";

// --- the document's shape, as far as the fuzz reads it ---

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: Schema;
}
interface MediaType {
  schema?: Schema;
}
interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
}
interface Document {
  paths: Record<string, Record<string, OperationObject>>;
  components: Components;
}
interface Operation extends OperationObject {
  method: string;
  path: string;
}

// --- the server under test: one with the built-in test checkout, one with Stripe (for its webhook) ---

const fixtures = makeMediaFixtures();
const llm = await startFakeLlm();
const h = await createHarness(
  "pglite",
  {
    aiRateLimit: PLENTY,
    createRateLimit: PLENTY,
    contactRateLimit: { max: 1_000_000, windowSeconds: 3600 },
    llm: { baseUrl: llm.baseUrl, model: "fuzz-model", vision: true },
  },
  { media: await testMedia(new TestRenderer()), queue: { work: false } },
);
const stripe = await FakeStripe.start();
const stripeEnv: StripeEnv = {
  secretKey: "sk_test_fuzz",
  webhookSecret: WEBHOOK_SECRET,
  apiBase: stripe.url,
  prices: {
    plans: {
      STARTER: { month: "price_starter_month", year: "price_starter_year" },
      PRO: { month: "price_pro_month", year: "price_pro_year" },
      AGENCY: { month: "price_agency_month", year: "price_agency_year" },
    },
    topUpPack: "price_topup_pack",
  },
  promotionCodes: {},
};
const paid = await createHarness("pglite", { stripe: stripeEnv });

const cookie = (await h.signUp("fuzz@example.com")).cookie;
const paidCookie = (await paid.signUp("fuzz.paid@example.com")).cookie;
/** A second user, on a plan: the portal and plan-change operations get past "no plan" for them. */
const subscriberCookie = (await h.signUp("fuzz.subscriber@example.com")).cookie;
{
  const { url } = await json(
    h.request("/api/billing/checkout", {
      method: "POST",
      body: JSON.stringify({ mode: "subscription", planId: "PRO" }),
      cookie: subscriberCookie,
    }),
  );
  const paidPlan = await h.request(`/api/billing/test-checkout/${String(url).split("/").at(-1)}/pay`, {
    method: "POST",
    cookie: subscriberCookie,
  });
  expect(paidPlan.status).toBe(200);
}
const doc = (await json(h.request("/api/openapi.json"))) as Document;
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ ...operation, method, path })),
);

/** Real things the user owns, so that valid input can get past "not found" to the code behind it. */
const dictionary: Dictionary = { strings: [], ids: [] };
/**
 * Links the API handed out, by the operation they call: signed media links (the one way to a 200 from
 * /api/media) and the catalogue's library files.
 */
const knownLinks = new Map<string, { path: string; query: string }[]>();
const keepLink = (href: string) => {
  const link = new URL(href, ORIGIN);
  const operation = ["/api/media/{key}", "/api/library/files/{path}", "/api/previews/{kind}/{file}"].find((template) =>
    link.pathname.startsWith(template.slice(0, template.indexOf("{"))),
  );
  if (!operation) return;
  const links = knownLinks.get(operation) ?? [];
  if (links.length < 20) links.push({ path: link.pathname, query: link.search.slice(1) });
  knownLinks.set(operation, links);
};

for (const [type, file] of [
  ["product-image", fixtures.png],
  ["audio-file", fixtures.mp3],
  ["green-screen", fixtures.mp4],
] as const) {
  const form = new FormData();
  form.set("type", type);
  form.set("file", new Blob([new Uint8Array(fs.readFileSync(file))]), `fixture-${type}`);
  const uploaded = await json(h.request("/api/files", { method: "POST", body: form, cookie }));
  dictionary.ids.push(uploaded.id);
}
{
  // One more upload whose id the fuzz never sees (so no DELETE removes it): its link answers 200.
  const form = new FormData();
  form.set("type", "product-image");
  form.set("file", new Blob([new Uint8Array(fs.readFileSync(fixtures.jpg))]), "kept.jpg");
  const kept = await json(h.request("/api/files", { method: "POST", body: form, cookie }));
  keepLink(kept.url);
}
for (const checkout of [
  { mode: "payment", quantity: 1 },
  { mode: "subscription", planId: "STARTER" },
]) {
  const { url } = await json(
    h.request("/api/billing/checkout", { method: "POST", body: JSON.stringify(checkout), cookie }),
  );
  dictionary.ids.push(String(url).split("/").at(-1) ?? "");
}
{
  const catalog = await json(h.request("/api/catalog"));
  const keys = new Set<string>();
  const collect = (node: unknown, key?: string): void => {
    if (typeof node === "string" && (key === "id" || key === "key") && node.length <= 80) keys.add(node);
    else if (typeof node === "string" && node.startsWith("/api/")) keepLink(node);
    else if (Array.isArray(node)) for (const item of node) collect(item);
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) collect(v, k);
  };
  collect(catalog);
  dictionary.strings.push(...keys);
  const video = await h.request("/api/videos", {
    method: "POST",
    cookie,
    body: JSON.stringify({
      type: "reddit",
      input: {
        username: "Throw Away",
        post_title: "AITA for labelling my food?",
        script: "My roommate kept eating my lunch, so I did something about it.",
        caption_style: "modern-bold",
        background_video: "minecraft",
      },
    }),
  });
  if (video.status === 201) dictionary.ids.push((await json(video)).id);
}
// The contact form's address is checked beyond what its schema says (an e-mail address).
dictionary.byName = { email: ["ada@example.com", "fuzz+contact@example.com"] };

afterAll(async () => {
  await h.close();
  await paid.close();
  await stripe.close();
  await llm.close();
});

// --- requests ---

type Body =
  | { kind: "json"; value: unknown }
  | { kind: "text"; text: string }
  | { kind: "bytes"; size: number; fill: number }
  | {
      kind: "form";
      fields: Record<string, string>;
      file?: { name: string; content: keyof typeof fixtures | "empty" | "noise" };
    }
  | {
      /** A multipart body written by hand, then damaged: cut short, its framing broken, or bytes changed. */
      kind: "multipart";
      fields: Record<string, string>;
      file: { name: string; content: keyof typeof fixtures | "empty" | "noise" };
      damage: MultipartDamage;
    };

type MultipartDamage =
  | { how: "cut"; at: number }
  | { how: "no-closing-boundary" }
  | { how: "malformed-header" }
  | { how: "header-without-end" }
  | { how: "flip"; at: number; byte: number }
  | { how: "wrong-boundary" }
  | { how: "second-file-cut"; at: number }
  /** The client goes away: the body stream fails after this part of the form. */
  | { how: "client-gone"; at: number };

interface FuzzRequest {
  /** Whose session cookie goes with the request, if any. */
  session: "none" | "user" | "subscriber";
  origin: string;
  path: string;
  query: string;
  body?: Body;
  /** The Content-Type to send; `null` sends none, undefined the natural one for the body. */
  contentType?: string | null;
  headers?: Record<string, string>;
  /** What the language model answers to this request (AI operations): a text, or a failure status. */
  model?: { content: string } | { status: number };
}

const MALFORMED_ESCAPES = ["%", "%zz", "%E0%A4%A", "%00", "a%00b", "%C0%AF", "%ff%fe", "%u0041", "%%", "%2", "%0A%0D"];
const PATH_TRICKS = ["%2F", "..%2F..%2Fetc%2Fpasswd", "%2e%2e", "a%2Fb", "%20", "%E2%80%AE"];

/** Percent-encoded as UTF-8 (a lone surrogate, which UTF-8 cannot carry, becomes U+FFFD first). */
const encode = (value: unknown) =>
  encodeURIComponent(
    String(value).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );

function pathArbitrary(operation: Operation): fc.Arbitrary<string> {
  const params = (operation.parameters ?? []).filter((p) => p.in === "path");
  if (params.length === 0) return fc.constant(operation.path);
  const segment = (param: Parameter) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: validValue(doc.components, param.schema, dictionary)
          .filter((v) => String(v).length > 0)
          .map(encode),
      },
      { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ESCAPES, ...PATH_TRICKS) },
      {
        weight: 1,
        arbitrary: hostileString()
          .filter((s) => s.length > 0)
          .map(encode),
      },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 3_000 }).map(encode) },
    );
  return fc
    .tuple(...params.map(segment))
    .map((values) =>
      params.reduce((path, param, i) => path.replace(`{${param.name}}`, values[i] as string), operation.path),
    );
}

function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const params = (operation.parameters ?? []).filter((p) => p.in === "query");
  const valid = fc
    .record(Object.fromEntries(params.map((p) => [p.name, validValue(doc.components, p.schema, dictionary)])), {
      requiredKeys: params.filter((p) => p.required).map((p) => p.name),
    })
    .map((values) =>
      Object.entries(values)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join("&"),
    );
  const names = [...params.map((p) => p.name), "x", "__proto__", "constructor"];
  const hostilePair = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...names),
        fc.constantFrom("abc", "-1", "1e999", "99999999999999999999999", "", "1.5", "true"),
      )
      .map(([k, v]) => `${k}=${v}`),
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(...MALFORMED_ESCAPES)).map(([k, v]) => `${k}=${v}`),
    fc.tuple(fc.constantFrom(...names), hostileString()).map(([k, v]) => `${k}=${encode(v)}`),
    fc.constantFrom(...MALFORMED_ESCAPES),
  );
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.array(hostilePair, { minLength: 1, maxLength: 3 }))
        .map(([q, extra]) => [q, ...extra].filter(Boolean).join("&")),
    },
  );
}

const MALFORMED_JSON = [
  "",
  "{",
  '{"a":}',
  "[1,2",
  "nul",
  "\uFEFF{}",
  '{"a":1}garbage',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":1,"a":2}',
  "/* comment */{}",
  "null",
  "[]",
  '"a string"',
  "12",
  "true",
  "\u0000",
  '{"\\ud800":1}',
  "1".repeat(400),
];
/** Prototype pollution attempts: a careless merge of the parsed body would reach Object.prototype. */
const POLLUTION =
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}';
const WRONG_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/json; charset=utf-16",
  "application/jsonx",
  "application/xml",
  "",
];

/** JSON bodies: valid for the schema, one change away from it, malformed, mislabelled or too large. */
function jsonBodyArbitrary(schema: Schema | undefined): fc.Arbitrary<Pick<FuzzRequest, "body" | "contentType">> {
  const valid = schema ? validValue(doc.components, schema, dictionary) : fc.jsonValue({ maxDepth: 3 });
  const mutated = schema
    ? mutatedValue(doc.components, schema, dictionary).map((m) => m.value)
    : fc.jsonValue({ maxDepth: 3 });
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((value) => ({ body: { kind: "json" as const, value } })) },
    { weight: 4, arbitrary: mutated.map((value) => ({ body: { kind: "json" as const, value } })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON, POLLUTION)
        .map((text) => ({ body: { kind: "text" as const, text } })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom<string | null>(...WRONG_TYPES, null))
        .map(([value, contentType]) => ({ body: { kind: "json" as const, value }, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(40_000, 1_200_000, 3_000_000).map((size) => ({
        body: { kind: "bytes" as const, size, fill: 0x61 },
        contentType: "application/json",
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 100, max: 20_000 }).map((depth) => ({
        body: { kind: "json" as const, value: new DeeplyNested(depth, depth % 2 === 0) },
      })),
    },
  );
}

/** Upload forms: a real file of each format, noise, an empty file, no file, no type, or not a form. */
function uploadBodyArbitrary(): fc.Arbitrary<Pick<FuzzRequest, "body" | "contentType">> {
  const contents = fc.constantFrom<NonNullable<Extract<Body, { kind: "form" }>["file"]>["content"]>(
    "png",
    "jpg",
    "webp",
    "mp3",
    "wav",
    "aac",
    "m4a",
    "mp4",
    "empty",
    "noise",
  );
  const types = fc.oneof(
    fc.constantFrom("audio-file", "product-image", "green-screen", "background-video", "voice-over"),
    hostileString(),
  );
  const name = fc.oneof(fc.constantFrom("clip.mp4", "photo.png", "song.mp3"), hostileString());
  const form = fc
    .record({ type: types, file: fc.record({ name, content: contents }) }, { requiredKeys: [] })
    .map(({ type, file }): Pick<FuzzRequest, "body"> => {
      const fields: Record<string, string> = type === undefined ? {} : { type };
      return { body: { kind: "form", fields, ...(file ? { file } : {}) } };
    });
  const fraction = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
  const damage: fc.Arbitrary<MultipartDamage> = fc.oneof(
    { weight: 3, arbitrary: fraction.map((at) => ({ how: "cut" as const, at })) },
    fc.constant({ how: "no-closing-boundary" as const }),
    fc.constant({ how: "malformed-header" as const }),
    fc.constant({ how: "header-without-end" as const }),
    fc.constant({ how: "wrong-boundary" as const }),
    fc.record({ how: fc.constant("flip" as const), at: fraction, byte: fc.integer({ min: 0, max: 255 }) }),
    fraction.map((at) => ({ how: "second-file-cut" as const, at })),
    fraction.map((at) => ({ how: "client-gone" as const, at })),
  );
  const damaged = fc
    .record({
      type: fc.option(types, { nil: undefined }),
      file: fc.record({ name, content: contents }),
      damage,
    })
    .map(
      ({ type, file, damage: how }): Pick<FuzzRequest, "body" | "contentType"> => ({
        body: { kind: "multipart", fields: type === undefined ? {} : { type }, file, damage: how },
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      }),
    );
  return fc.oneof(
    { weight: 4, arbitrary: form },
    { weight: 3, arbitrary: damaged },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => ({ body: { kind: "text" as const, text } })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "multipart/form-data",
          "multipart/form-data; boundary=",
          "multipart/form-data; boundary=x",
          "text/plain",
        )
        .map((contentType) => ({
          body: { kind: "text" as const, text: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc' },
          contentType,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(11 * 1024 * 1024).map((size) => ({
        body: { kind: "bytes" as const, size, fill: 0x00 },
        contentType: "multipart/form-data; boundary=fuzz",
      })),
    },
  );
}

const signer = new Stripe("sk_test_fuzz");
/**
 * Event types the app does not act on. Signed events of the types it does act on carry Stripe's own data
 * and make it call Stripe back (a failure there answers 500 on purpose, so that Stripe delivers again):
 * stripe.test.ts covers those against the fake Stripe.
 */
const IGNORED_EVENT_TYPES = ["charge.refunded", "customer.created", "something.else"];

/** Stripe webhook deliveries: non-events and ignored events, signed, unsigned, wrongly or oldly signed. */
function webhookArbitrary(): fc.Arbitrary<Pick<FuzzRequest, "body" | "headers">> {
  const event = fc
    .record({
      id: fc.oneof(fc.constant("evt_fuzz"), fc.string({ maxLength: 30 })),
      type: fc.oneof(
        fc.constantFrom(...IGNORED_EVENT_TYPES),
        fc.string({ maxLength: 20 }).map((t) => `x.${t}`),
      ),
      data: fc.record({ object: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.object({ maxDepth: 2 })) }),
    })
    .map((e) => JSON.stringify(e));
  const payload = fc.oneof(event, fc.constantFrom(...MALFORMED_JSON), hostileString());
  return fc
    .tuple(payload, fc.constantFrom("valid", "none", "garbage", "wrong-secret", "old"), hostileString())
    .map(([text, signature, garbage]) => {
      const header =
        signature === "none"
          ? undefined
          : signature === "garbage"
            ? garbage.replace(/[^\x20-\x7e]/g, "")
            : signer.webhooks.generateTestHeaderString({
                payload: text,
                secret: signature === "wrong-secret" ? "whsec_other" : WEBHOOK_SECRET,
                ...(signature === "old" ? { timestamp: Math.floor(Date.now() / 1000) - 3600 } : {}),
              });
      const headers: Record<string, string> = header === undefined ? {} : { "stripe-signature": header };
      return { body: { kind: "text" as const, text }, headers };
    });
}

/** A model's answers: the JSON the prompts ask for, with generated or hostile text inside, or anything else. */
const modelAnswer: fc.Arbitrary<NonNullable<FuzzRequest["model"]>> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record(
        {
          title: fc.oneof(fc.string(), hostileString()),
          story: fc.oneof(fc.lorem({ maxCount: 40, mode: "sentences" }), hostileString()),
          hook: fc.oneof(fc.lorem({ maxCount: 2, mode: "sentences" }), hostileString()),
          ad_copy: fc.oneof(fc.lorem({ maxCount: 5, mode: "sentences" }), hostileString()),
          caption: fc.oneof(fc.string(), hostileString()),
        },
        { requiredKeys: [] },
      )
      .chain((object) =>
        fc.constantFrom(
          JSON.stringify(object),
          `Sure! Here it is:\n\`\`\`json\n${JSON.stringify(object)}\n\`\`\``,
          Object.values(object).join("\n"),
        ),
      )
      .map((content) => ({ content })),
  },
  { weight: 2, arbitrary: fc.oneof(fc.string(), hostileString(), fc.json()).map((content) => ({ content })) },
  { weight: 1, arbitrary: fc.constantFrom(400, 401, 429, 500, 503).map((status) => ({ status })) },
);

const isWebhook = (operation: Operation) => operation.path === "/api/billing/webhooks/stripe";
const isAi = (operation: Operation) => operation.method === "post" && operation.path.startsWith("/api/ai/");
const isUpload = (operation: Operation) => Boolean(operation.requestBody?.content["multipart/form-data"]);

function requestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const jsonSchema = operation.requestBody?.content["application/json"]?.schema;
  const takesBody = ["post", "put", "patch", "delete"].includes(operation.method);
  const body: fc.Arbitrary<Pick<FuzzRequest, "body" | "contentType" | "headers">> = isWebhook(operation)
    ? webhookArbitrary()
    : isUpload(operation)
      ? uploadBodyArbitrary()
      : jsonSchema
        ? jsonBodyArbitrary(jsonSchema)
        : takesBody
          ? fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: jsonBodyArbitrary(undefined) })
          : fc.constant({});
  const links = knownLinks.get(operation.path) ?? [];
  const target =
    links.length > 0
      ? fc.oneof(
          fc.tuple(pathArbitrary(operation), queryArbitrary(operation)),
          fc.noBias(fc.constantFrom(...links)).map((link) => [link.path, link.query] as const),
          fc
            .tuple(fc.noBias(fc.constantFrom(...links)), hostileString())
            .map(([link, sig]) => [link.path, link.query.replace(/sig=[^&]*/, `sig=${encode(sig)}`)] as const),
        )
      : fc.tuple(pathArbitrary(operation), queryArbitrary(operation));
  const origin = fc.oneof(
    { weight: 9, arbitrary: fc.constant(ORIGIN) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("https://attacker.example", "null", "http://localhost:3000.attacker.example"),
    },
  );
  const session = fc.oneof(
    { weight: 1, arbitrary: fc.constant("none" as const) },
    { weight: 2, arbitrary: fc.constant("user" as const) },
    { weight: 1, arbitrary: fc.constant("subscriber" as const) },
  );
  return fc
    .tuple(session, origin, target, body, isAi(operation) ? modelAnswer : fc.constant(undefined))
    .map(([withSession, originHeader, [path, query], rest, model]) => ({
      session: withSession,
      origin: originHeader,
      path,
      query,
      ...rest,
      ...(model ? { model } : {}),
    }));
}

const BOUNDARY = "fuzzboundary7MA4YWxkTrZu0gW";

function fileContent(content: keyof typeof fixtures | "empty" | "noise"): Uint8Array {
  if (content === "empty") return new Uint8Array(0);
  if (content === "noise") return new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
  return new Uint8Array(fs.readFileSync(fixtures[content]));
}

/** The bytes of a multipart form as a browser writes it, then damaged as `damage` says. */
function damagedMultipart(body: Extract<Body, { kind: "multipart" }>): Uint8Array {
  const { damage } = body;
  const part = (disposition: string, content: Uint8Array, head = `Content-Disposition: form-data; ${disposition}`) =>
    Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${head}\r\n\r\n`), content, Buffer.from("\r\n")]);
  const fileHeaders = (name: string) =>
    `Content-Disposition: form-data; name="file"; filename="${name.replace(/["\r\n]/g, "_")}"\r\nContent-Type: application/octet-stream`;
  const content = fileContent(body.file.content);
  const fields = Object.entries(body.fields).map(([key, value]) =>
    part(`name="${key}"`, Buffer.from(value.replace(/\r?\n/g, " "))),
  );
  const file =
    damage.how === "malformed-header"
      ? part("", content, "this is not a header line")
      : damage.how === "header-without-end"
        ? Buffer.from(`--${BOUNDARY}\r\n${fileHeaders(body.file.name)}\r\nX-Long: ${"a".repeat(20_000)}`)
        : part("", content, fileHeaders(body.file.name));
  const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
  const whole = Buffer.concat([...fields, file, closing]);
  const cutAt = (at: number) => whole.subarray(0, Math.floor(at * whole.length));
  switch (damage.how) {
    case "cut":
    case "client-gone":
      return cutAt(damage.at);
    case "no-closing-boundary":
      return Buffer.concat([...fields, file]);
    case "malformed-header":
    case "header-without-end":
      return whole;
    case "flip": {
      const copy = Buffer.from(whole);
      const i = Math.floor(damage.at * copy.length);
      copy[i] = damage.byte;
      return copy;
    }
    case "wrong-boundary":
      return Buffer.from(whole.toString("latin1").replaceAll(BOUNDARY, "another-boundary"), "latin1");
    case "second-file-cut": {
      const second = part("", content, fileHeaders("second"));
      return Buffer.concat([...fields, file, second.subarray(0, Math.floor(damage.at * second.length))]);
    }
  }
}

async function bodyInit(request: FuzzRequest): Promise<{ body?: RequestInit["body"]; contentType?: string }> {
  const body = request.body;
  if (!body) return {};
  switch (body.kind) {
    case "json":
      return { body: jsonText(body.value), contentType: "application/json" };
    case "text":
      return { body: new TextEncoder().encode(body.text) };
    case "bytes":
      return { body: new Uint8Array(body.size).fill(body.fill) };
    case "form": {
      const form = new FormData();
      for (const [key, value] of Object.entries(body.fields)) form.set(key, value);
      if (body.file) form.set("file", new Blob([fileContent(body.file.content)]), body.file.name);
      // Encoded whole first, as a client sends it: an in-process form body is encoded while the server reads it,
      // and a refusal part-way through leaves Node's encoder writing into a closed stream.
      const encoded = new Request(ORIGIN, { method: "POST", body: form });
      return {
        body: new Uint8Array(await encoded.arrayBuffer()),
        contentType: encoded.headers.get("content-type") ?? undefined,
      };
    }
    case "multipart": {
      const bytes = damagedMultipart(body);
      const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
      if (body.damage.how !== "client-gone") return { body: bytes, contentType };
      // What arrived, then the connection fails, as the server sees a client that went away.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
        },
        pull(controller) {
          controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        },
      });
      return { body: stream, contentType };
    }
  }
}

async function send(operation: Operation, request: FuzzRequest): Promise<Response> {
  const harness: Harness = isWebhook(operation) ? paid : h;
  // Requests run one at a time: the answer queued now is the one this request's call (if any) receives.
  llm.clear();
  if (request.model && "content" in request.model) llm.answer(request.model.content);
  else if (request.model) llm.fail(request.model.status);
  const headers = new Headers();
  headers.set("origin", request.origin);
  if (request.session !== "none") {
    headers.set(
      "cookie",
      isWebhook(operation) ? paidCookie : request.session === "subscriber" ? subscriberCookie : cookie,
    );
  }
  for (const [key, value] of Object.entries(request.headers ?? {})) headers.set(key, value);
  const { body, contentType } = await bodyInit(request);
  const type = request.contentType === undefined ? contentType : request.contentType;
  if (type !== undefined && type !== null) headers.set("content-type", type);
  const url = `${ORIGIN}${request.path}${request.query ? `?${request.query}` : ""}`;
  const streamed = body instanceof ReadableStream ? { duplex: "half" } : {};
  return harness.ctx.app.request(url, {
    method: operation.method.toUpperCase(),
    headers,
    ...(body ? { body } : {}),
    ...streamed,
  } as RequestInit);
}

// --- answers ---

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
ajv.addFormat("binary", true);
ajv.addFormat("email", true);
const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();
function validatorFor(schema: Schema) {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(inline(doc.components, schema) as Schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** Statuses seen per operation (printed with FUZZ_REPORT=1). */
const seen = new Map<string, Map<number, number>>();

/** The first SSE frame of an event stream, then the stream is closed (it would stay open for ever). */
async function firstFrame(response: Response): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let reads = 0; reads < 50 && !text.includes("\n\n"); reads++) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

async function conforms(operation: Operation, request: FuzzRequest, response: Response): Promise<void> {
  const key = `${operation.method.toUpperCase()} ${operation.path}`;
  const counts = seen.get(key) ?? new Map<number, number>();
  counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
  seen.set(key, counts);
  const documented = operation.responses[String(response.status)];
  const fail = async (why: string) => {
    const text = response.bodyUsed ? "" : (await response.text()).slice(0, 600);
    throw new Error(
      `${key} ${why}\n  answered ${response.status}: ${text}\n  to ${JSON.stringify(request).slice(0, 600)}`,
    );
  };
  if (response.status === 500) return fail("failed with 500");
  if (!documented) return fail(`answered ${response.status}, which the document does not list`);
  const contentType = response.headers.get("content-type") ?? "";
  const media = documented.content;
  if (!media) {
    const text = await response.text();
    if (text !== "") return fail(`answered a body where the document lists none: ${text.slice(0, 200)}`);
    return;
  }
  const mediaType = Object.keys(media).find((type) => type === "*/*" || contentType.startsWith(type));
  if (!mediaType) return fail(`answered ${contentType || "no Content-Type"}, not ${Object.keys(media).join(" or ")}`);
  if (mediaType === "text/event-stream") {
    const frame = await firstFrame(response);
    if (!frame.startsWith("event: ready")) throw new Error(`${key} opened a stream that did not start ready: ${frame}`);
    return;
  }
  if (mediaType !== "application/json") {
    await response.arrayBuffer();
    return;
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${key} answered ${response.status} with JSON that does not parse: ${text.slice(0, 200)}`);
  }
  const schema = media[mediaType]?.schema;
  if (!schema) return;
  const validate = validatorFor(schema);
  if (!validate(body)) {
    throw new Error(
      `${key} answered ${response.status} outside its documented schema: ${ajv.errorsText(validate.errors)}\n` +
        `  body: ${text.slice(0, 600)}\n  to ${JSON.stringify(request).slice(0, 600)}`,
    );
  }
}

// --- the properties ---

describe("the fuzz's own generators", () => {
  it("make values each request schema of the document accepts", () => {
    const schemas: [string, Schema][] = operations.flatMap((operation) => [
      ...(operation.parameters ?? []).map((p): [string, Schema] => [`${operation.path} ${p.name}`, p.schema]),
      ...Object.entries(operation.requestBody?.content ?? {})
        .filter(([type]) => type === "application/json")
        .map(([, media]): [string, Schema] => [`${operation.method} ${operation.path} body`, media.schema as Schema]),
    ]);
    expect(schemas.length).toBeGreaterThan(10);
    for (const [where, schema] of schemas) {
      const validate = validatorFor(schema);
      for (const value of fc.sample(validValue(doc.components, schema, dictionary), 50)) {
        expect(
          validate(value),
          `${where}: ${JSON.stringify(value)?.slice(0, 300)} ${ajv.errorsText(validate.errors)}`,
        ).toBe(true);
      }
    }
  });

  it("resolve the document's references", () => {
    const ref = operations.find((o) => o.path === "/api/account" && o.method === "get")?.responses["401"]?.content?.[
      "application/json"
    ]?.schema as Schema;
    expect(ref).toEqual({ $ref: "#/components/schemas/Error" });
    expect(resolve(doc.components, ref).required).toEqual(["code", "message", "requestId"]);
  });
});

describe("every API operation, under generated and hostile input", () => {
  it("covers the whole document", () => {
    expect(operations.length).toBeGreaterThanOrEqual(35);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        "post /api/files",
        "post /api/videos",
        "get /api/events",
        "get /api/media/{key}",
        "get /api/library/files/{path}",
      ]),
    );
  });

  it.each(operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    "%s answers only what the document lists",
    async (_name, operation) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation), async (request) => {
          await conforms(operation, request, await send(operation, request));
        }),
        // A request that never answers fails its run after 10 s, reported with its seed and input, not shrunk (each
        // shrinking step could wait as long again) and not left to run out the whole test's time.
        { numRuns: RUNS, timeout: 10_000, endOnFailure: true, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
    },
  );

  it("never lets a body reach Object.prototype", () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});

afterAll(() => {
  if (process.env.FUZZ_REPORT !== "1") return;
  for (const [key, counts] of seen) {
    const statuses = [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}x${n}`);
    console.log(`${key.padEnd(48)} ${statuses.join(" ")}`);
  }
});
