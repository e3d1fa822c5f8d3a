import fc from "fast-check";

/**
 * JSON Schema (the subset the OpenAPI document uses) -> fast-check arbitraries: values the schema
 * accepts, and values with one hostile change somewhere inside.
 */

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema node is arbitrary JSON
export type Schema = Record<string, any>;

export interface Components {
  schemas?: Record<string, Schema>;
}

/** Known-good strings to mix in (library keys, ids of the user's uploads), so valid input reaches deeper. */
export interface Dictionary {
  strings: string[];
  ids: string[];
  /** Values for properties of a given name whose rules go beyond their schema (an e-mail address). */
  byName?: Record<string, string[]>;
}

/** A `$ref` to `#/components/schemas/X` followed to its schema (and on, if that is a `$ref` too). */
export function resolve(components: Components, schema: Schema): Schema {
  let node = schema;
  for (let hops = 0; typeof node.$ref === "string"; hops++) {
    const name = node.$ref.replace(/^#\/components\/schemas\//, "");
    const target = components.schemas?.[name];
    if (!target || hops > 20) throw new Error(`Unresolvable $ref ${node.$ref}`);
    node = target;
  }
  return node;
}

/** The schema with every `$ref` replaced by its target (the document has no recursive schemas). */
export function inline(components: Components, schema: unknown, depth = 0): unknown {
  if (depth > 50) throw new Error("Schema nests too deeply (a recursive $ref?)");
  if (Array.isArray(schema)) return schema.map((item) => inline(components, item, depth + 1));
  if (!schema || typeof schema !== "object") return schema;
  const node = resolve(components, schema as Schema);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(components, value, depth + 1)]));
}

/** One of `values`, each as likely (constantFrom alone favours the first ones). */
const pick = (values: string[]) => fc.noBias(fc.constantFrom(...values));

/** A regular expression's source without look-arounds, for generating; the full one filters. */
const withoutLookarounds = (pattern: string) => pattern.replace(/\(\?[=!][^()]*\)/g, "");

function stringArbitrary(schema: Schema, dictionary: Dictionary): fc.Arbitrary<string> {
  const minLength: number = schema.minLength ?? 0;
  const maxLength: number = Math.min(schema.maxLength ?? 200, minLength + 200);
  const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  if (schema.pattern) {
    const full = new RegExp(schema.pattern);
    return fc
      .stringMatching(new RegExp(withoutLookarounds(schema.pattern)), { maxLength })
      .filter((s) => full.test(s) && fits(s));
  }
  if (schema.format === "uuid") {
    return dictionary.ids.length > 0 ? fc.oneof(pick(dictionary.ids), fc.uuid()) : fc.uuid();
  }
  if (schema.format === "email") return fc.emailAddress().filter(fits);
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme-ascii" }) },
  );
  const known = dictionary.strings.filter(fits);
  const ids = dictionary.ids.filter(fits);
  return fc.oneof(
    { weight: 3, arbitrary: text },
    ...(known.length > 0 ? [{ weight: 1, arbitrary: pick(known) }] : []),
    ...(ids.length > 0 ? [{ weight: 2, arbitrary: pick(ids) }] : []),
  );
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === "number";
  const exclusiveMax = typeof schema.exclusiveMaximum === "number";
  const min: number | undefined = exclusiveMin ? schema.exclusiveMinimum : schema.minimum;
  const max: number | undefined = exclusiveMax ? schema.exclusiveMaximum : schema.maximum;
  if (integer) {
    const lo = min === undefined ? -1_000_000 : Math.ceil(min) + (exclusiveMin && Number.isInteger(min) ? 1 : 0);
    const hi = max === undefined ? 1_000_000 : Math.floor(max) - (exclusiveMax && Number.isInteger(max) ? 1 : 0);
    const small = fc.integer({ min: Math.max(lo, Math.min(hi, -10)), max: Math.min(hi, Math.max(lo, 10)) });
    return fc.oneof(small, fc.integer({ min: lo, max: hi }));
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min !== undefined ? { min, minExcluded: exclusiveMin } : { min: -1e9 }),
    ...(max !== undefined ? { max, maxExcluded: exclusiveMax } : { max: 1e9 }),
  });
}

/** Values the schema accepts. */
export function validValue(components: Components, input: Schema, dictionary: Dictionary): fc.Arbitrary<unknown> {
  const schema = resolve(components, input);
  const recurse = (node: Schema) => validValue(components, node, dictionary);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(recurse));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type: string) => recurse({ ...schema, type })));
  }
  switch (schema.type) {
    case "string":
      return stringArbitrary(schema, dictionary);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? recurse(schema.items) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      });
    case "object":
    case undefined: {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, node]) => {
          const named = dictionary.byName?.[key];
          return [key, named ? fc.oneof(recurse(node), pick(named)) : recurse(node)];
        }),
      );
      const required = ((schema.required as string[] | undefined) ?? []).filter((key) => key in properties);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      throw new Error(`No generator for schema type ${JSON.stringify(schema.type)}`);
  }
}

/** Strings a careful server must survive: control characters, NUL, odd Unicode, injection-looking text. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: "binary-ascii", maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constantFrom(
      "\u0000",
      "a\u0000b",
      "\u0000".repeat(8),
      "\r\n\r\nX-Injected: 1",
      "\u202Egnp.exe",
      "\uFEFF",
      "\uD800",
      "\uDFFF\uD800",
      "e\u0301\u0301\u0301\u0301",
      "👩‍👩‍👧‍👦".repeat(20),
      "'; drop table users; --",
      "../../../../etc/passwd",
      "%00%zz%",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text of a log-injection attempt
      "${jndi:ldap://127.0.0.1/x}",
      "<script>alert(1)</script>",
      "{{7*7}}",
      "",
      " ",
    ),
    fc.integer({ min: 1_000, max: 120_000 }).map((n) => "x".repeat(n)),
  );
}

/** A value of some JSON type, for "wrong type" changes. */
const anyJson = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, "", "0", [], {}, [null], {
    a: 1,
  }),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * An object or array nested `depth` levels deep, built only when serialised: fast-check prints generated
 * values recursively, and would overflow its stack on the structure itself.
 */
export class DeeplyNested {
  constructor(
    readonly depth: number,
    readonly arrays: boolean,
  ) {}
  /** The JSON text, written flat (JSON.stringify itself would overflow the stack). */
  text(): string {
    return this.arrays
      ? `${"[".repeat(this.depth)}${"]".repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}{}${"}".repeat(this.depth)}`;
  }
  [fc.toStringMethod](): string {
    return `<${this.arrays ? "arrays" : "objects"} nested ${this.depth} deep>`;
  }
}

/** JSON text of a generated value, with any deeply nested part written in place. */
export function jsonText(value: unknown): string {
  const deep: DeeplyNested[] = [];
  const text =
    JSON.stringify(value, (_key, node: unknown) => {
      if (!(node instanceof DeeplyNested)) return node;
      deep.push(node);
      return `\u0001deep${deep.length - 1}\u0001`;
    }) ?? "null";
  return deep.reduce((out, node, i) => out.replace(`"\\u0001deep${i}\\u0001"`, () => node.text()), text);
}

type PathStep = string | number;

/** Every position inside a JSON value (the root is `[]`). */
function positions(value: unknown, at: PathStep[] = [], out: PathStep[][] = []): PathStep[][] {
  out.push(at);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) positions(item, [...at, i], out);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) positions(item, [...at, key], out);
  }
  return out;
}

function replaceAt(value: unknown, at: PathStep[], replace: (node: unknown) => unknown): unknown {
  if (at.length === 0) return replace(value);
  const [head, ...rest] = at as [PathStep, ...PathStep[]];
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaceAt(item, rest, replace) : item));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head] = replaceAt(copy[head], rest, replace);
  return copy;
}

export type Mutation =
  | { kind: "wrong-type"; with: unknown }
  | { kind: "drop-key" }
  | { kind: "hostile-string"; with: string }
  | { kind: "extra-field"; key: string; with: unknown }
  | { kind: "deep-nesting"; depth: number; arrays: boolean }
  | { kind: "past-the-limit" };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  anyJson.map((value) => ({ kind: "wrong-type" as const, with: value })),
  fc.constant({ kind: "drop-key" as const }),
  { weight: 2, arbitrary: hostileString().map((value) => ({ kind: "hostile-string" as const, with: value })) },
  fc
    .tuple(
      fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("constructor", "prototype", "toString", "id", "userId")),
      anyJson,
    )
    .map(([key, value]) => ({ kind: "extra-field" as const, key, with: value })),
  fc
    .tuple(fc.integer({ min: 20, max: 3_000 }), fc.boolean())
    .map(([depth, arrays]) => ({ kind: "deep-nesting" as const, depth, arrays })),
  fc.constant({ kind: "past-the-limit" as const }),
);

/** The value just past a string's, number's or array's limit, else a wrong type. */
function pastTheLimit(node: unknown): unknown {
  if (typeof node === "string") return `${node}${"y".repeat(Math.max(1, 10_001 - node.length))}`;
  if (typeof node === "number") return Number.isInteger(node) ? node * 1e6 + 0.5 : -node - 1e9;
  if (Array.isArray(node)) return [...node, ...Array.from({ length: 200 }, () => node[0] ?? 0)];
  return "not an object";
}

/** `value` with `mutation` applied at one of its positions (chosen by `where`). */
export function mutate(value: unknown, mutation: Mutation, where: number): unknown {
  const all = positions(value);
  const objects = all.filter((at) => {
    const node = at.reduce<unknown>((n, step) => (n as Record<PathStep, unknown>)[step], value);
    return node !== null && typeof node === "object" && !Array.isArray(node);
  });
  const pick = (from: PathStep[][]) => from[where % Math.max(1, from.length)] ?? [];
  switch (mutation.kind) {
    case "wrong-type":
      return replaceAt(value, pick(all), () => mutation.with);
    case "hostile-string":
      return replaceAt(value, pick(all), () => mutation.with);
    case "deep-nesting":
      return replaceAt(value, pick(all), () => new DeeplyNested(mutation.depth, mutation.arrays));
    case "past-the-limit":
      return replaceAt(value, pick(all), pastTheLimit);
    case "drop-key":
      return replaceAt(value, pick(objects), (node) => {
        const keys = Object.keys(node as object);
        if (keys.length === 0) return null;
        const { [keys[where % keys.length] as string]: _dropped, ...rest } = node as Record<string, unknown>;
        return rest;
      });
    case "extra-field":
      return replaceAt(value, pick(objects), (node) => ({ ...(node as object), [mutation.key]: mutation.with }));
  }
}

/** Values of the schema with one hostile change (which may or may not still be valid). */
export function mutatedValue(components: Components, schema: Schema, dictionary: Dictionary) {
  return fc
    .tuple(validValue(components, schema, dictionary), mutationArbitrary, fc.nat())
    .map(([value, mutation, where]) => ({ value: mutate(value, mutation, where), mutation: mutation.kind }));
}
