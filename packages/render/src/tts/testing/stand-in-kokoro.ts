/**
 * A small stand-in for the Kokoro-82M ONNX export, for tests: the same files a model hub serves for
 * `onnx-community/Kokoro-82M-v1.0-ONNX` (config.json, tokenizer.json, tokenizer_config.json, onnx/model*.onnx) with
 * the same inputs and outputs, written by the tests themselves (no download, a few kilobytes):
 *
 * - inputs `input_ids` int64 [1, tokens], `style` float [1, 256], `speed` float [1];
 * - outputs `waveform` float [samples] and `durations` int64 [tokens], with samples = 600 x the sum of durations, as
 *   in the real export.
 *
 * Each token lasts ceil(3 / speed) frames of 600 samples at 24 kHz (75 ms at speed 1); the waveform is a tone whose
 * pitch follows the style vector (so each voice sounds different) under a 4 Hz syllable envelope. It is not speech.
 */

// ---- a minimal protobuf writer for the ONNX messages the graph needs ----

type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return out;
}

const concat = (parts: (Uint8Array | number[])[]): Uint8Array => {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};

const intField = (no: number, value: number | bigint): Field => concat([varint(no << 3), varint(value)]);
const bytesField = (no: number, bytes: Uint8Array): Field =>
  concat([varint((no << 3) | 2), varint(bytes.length), bytes]);
const stringField = (no: number, text: string): Field => bytesField(no, new TextEncoder().encode(text));
const message = (...fields: Field[]) => concat(fields);

const FLOAT = 1;
const INT64 = 7;

function tensor(name: string, type: typeof FLOAT | typeof INT64, dims: number[], values: number[]): Field {
  const raw = new Uint8Array(values.length * (type === FLOAT ? 4 : 8));
  const view = new DataView(raw.buffer);
  values.forEach((v, i) => {
    if (type === FLOAT) view.setFloat32(i * 4, v, true);
    else view.setBigInt64(i * 8, BigInt(v), true);
  });
  return message(...dims.map((d) => intField(1, d)), intField(2, type), stringField(8, name), bytesField(9, raw));
}

function valueInfo(name: string, type: number, dims: (number | string)[]): Field {
  const shape = message(...dims.map((d) => bytesField(1, typeof d === "number" ? intField(1, d) : stringField(2, d))));
  const tensorType = message(intField(1, type), bytesField(2, shape));
  return message(stringField(1, name), bytesField(2, bytesField(1, tensorType)));
}

type Attribute = { name: string } & ({ int: number } | { ints: number[] });

function node(op: string, inputs: string[], outputs: string[], attributes: Attribute[] = []): Field {
  const attrs = attributes.map((a) =>
    "int" in a
      ? message(stringField(1, a.name), intField(3, a.int), intField(20, 2))
      : message(stringField(1, a.name), ...a.ints.map((v) => intField(8, v)), intField(20, 7)),
  );
  return message(
    ...inputs.map((i) => stringField(1, i)),
    ...outputs.map((o) => stringField(2, o)),
    stringField(3, `${op}_${outputs[0]}`),
    stringField(4, op),
    ...attrs.map((a) => bytesField(5, a)),
  );
}

/** The stand-in model as an ONNX file (opset 17). */
export function standInKokoroModel(): Uint8Array {
  const TWO_PI = 2 * Math.PI;
  const nodes = [
    // durations: ceil(3 / speed) frames for every token
    node("Shape", ["input_ids"], ["shape"]),
    node("Gather", ["shape", "one_index"], ["token_count"], [{ name: "axis", int: 0 }]),
    node("Div", ["three", "speed"], ["frames_f"]),
    node("Ceil", ["frames_f"], ["frames_ceil"]),
    node("Cast", ["frames_ceil"], ["frames"], [{ name: "to", int: INT64 }]),
    node("Expand", ["frames", "token_count"], ["durations"]),
    // samples = 600 x the sum of durations
    node("ReduceSum", ["durations"], ["total_frames"], [{ name: "keepdims", int: 0 }]),
    node("Mul", ["total_frames", "samples_per_frame"], ["sample_count"]),
    node("Cast", ["sample_count"], ["sample_count_f"], [{ name: "to", int: FLOAT }]),
    node("Range", ["zero", "sample_count_f", "one"], ["t"]),
    // pitch from the style: 160 Hz + 400 x mean(style)
    node("ReduceMean", ["style"], ["style_mean"], [{ name: "keepdims", int: 0 }]),
    node("Mul", ["style_mean", "pitch_spread"], ["pitch_offset"]),
    node("Add", ["pitch_offset", "pitch_base"], ["pitch"]),
    node("Mul", ["pitch", "radians_per_sample"], ["step"]),
    node("Mul", ["t", "step"], ["phase"]),
    node("Sin", ["phase"], ["tone"]),
    // 4 Hz envelope between 0.05 and 0.35
    node("Mul", ["t", "envelope_step"], ["envelope_phase"]),
    node("Sin", ["envelope_phase"], ["envelope_sin"]),
    node("Mul", ["envelope_sin", "envelope_depth"], ["envelope_swing"]),
    node("Add", ["envelope_swing", "envelope_mid"], ["envelope"]),
    node("Mul", ["tone", "envelope"], ["waveform"]),
  ];
  const initializers = [
    tensor("one_index", INT64, [1], [1]),
    tensor("three", FLOAT, [1], [3]),
    tensor("samples_per_frame", INT64, [], [600]),
    tensor("zero", FLOAT, [], [0]),
    tensor("one", FLOAT, [], [1]),
    tensor("pitch_spread", FLOAT, [], [400]),
    tensor("pitch_base", FLOAT, [], [160]),
    tensor("radians_per_sample", FLOAT, [], [TWO_PI / 24000]),
    tensor("envelope_step", FLOAT, [], [(TWO_PI * 4) / 24000]),
    tensor("envelope_depth", FLOAT, [], [0.15]),
    tensor("envelope_mid", FLOAT, [], [0.2]),
  ];
  const graph = message(
    ...nodes.map((n) => bytesField(1, n)),
    stringField(2, "kokoro_stand_in"),
    ...initializers.map((t) => bytesField(5, t)),
    bytesField(11, valueInfo("input_ids", INT64, [1, "sequence_length"])),
    bytesField(11, valueInfo("style", FLOAT, [1, 256])),
    bytesField(11, valueInfo("speed", FLOAT, [1])),
    bytesField(12, valueInfo("waveform", FLOAT, ["num_samples"])),
    bytesField(12, valueInfo("durations", INT64, ["sequence_length"])),
  );
  return message(
    intField(1, 8),
    stringField(2, "reelsmith-tests"),
    bytesField(7, graph),
    bytesField(8, message(stringField(1, ""), intField(2, 17))),
  );
}

/** The phoneme symbols of the stand-in's vocabulary, with the ids Kokoro's own tokenizer gives them. */
const VOCAB: Record<string, number> = {
  $: 0,
  ";": 1,
  ":": 2,
  ",": 3,
  ".": 4,
  "!": 5,
  "?": 6,
  "—": 9,
  "…": 10,
  '"': 11,
  "(": 12,
  ")": 13,
  "“": 14,
  "”": 15,
  " ": 16,
  ...Object.fromEntries([..."abcdefhijklmnopqrstuvwxyz"].map((c, i) => [c, c < "g" ? 43 + i : 44 + i])),
  ɑ: 69,
  ɐ: 70,
  ɒ: 71,
  æ: 72,
  ɔ: 76,
  ð: 81,
  ʤ: 82,
  ə: 83,
  ɚ: 85,
  ɛ: 86,
  ɜ: 87,
  ɡ: 92,
  ɪ: 102,
  ŋ: 112,
  θ: 119,
  ɹ: 123,
  ɾ: 125,
  ʃ: 131,
  ʧ: 133,
  ʊ: 135,
  ʌ: 138,
  ʒ: 147,
  ʔ: 148,
  ˈ: 156,
  ˌ: 157,
  ː: 158,
  ᵻ: 177,
};

/** tokenizer.json in the shape of Kokoro's: one token per phoneme symbol, "$" at both ends, others dropped. */
export function standInKokoroTokenizer(): Record<string, unknown> {
  const symbols = Object.keys(VOCAB)
    .map((s) => s.replace(/[\\\]^-]/g, "\\$&"))
    .join("");
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: [
      { id: 0, content: "$", single_word: false, lstrip: false, rstrip: false, normalized: false, special: true },
    ],
    normalizer: { type: "Replace", pattern: { Regex: `[^${symbols}]` }, content: "" },
    pre_tokenizer: { type: "Split", pattern: { Regex: "" }, behavior: "Isolated", invert: false },
    post_processor: {
      type: "TemplateProcessing",
      single: [
        { SpecialToken: { id: "$", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "$", type_id: 0 } },
      ],
      special_tokens: { $: { id: "$", ids: [0], tokens: ["$"] } },
    },
    decoder: null,
    model: { vocab: VOCAB },
  };
}

/** Every file of the stand-in repository, by its path in the repository. */
export function standInKokoroFiles(): Record<string, Uint8Array | string> {
  const model = standInKokoroModel();
  return {
    "config.json": JSON.stringify({ model_type: "style_text_to_speech_2" }),
    "tokenizer.json": JSON.stringify(standInKokoroTokenizer()),
    "tokenizer_config.json": JSON.stringify({
      model_max_length: 512,
      pad_token: "$",
      tokenizer_class: "PreTrainedTokenizer",
      unk_token: "$",
    }),
    "onnx/model.onnx": model,
    "onnx/model_quantized.onnx": model,
  };
}
