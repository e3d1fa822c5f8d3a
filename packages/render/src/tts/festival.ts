import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseEngineOutput } from "./engine-timing.ts";
import { TtsError } from "./errors.ts";
import type { EngineChunkResult } from "./flite.ts";
import { runProcess } from "./process.ts";

/** A Scheme string literal. */
export function schemeString(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * Festival prints, per chunk, its wave's length and for every token (top level of the Token relation) the start of
 * its first word and the end of its last word, read from the Word relation after synthesis.
 */
const SAY = `
(define (reelsmith-say path text)
  (let ((u (utt.synth (eval (list 'Utterance 'Text text)))))
    (utt.save.wave u path 'riff)
    (let ((info (wave.info (utt.wave u))))
      (format t "W %d %d\\n" (cadr (assoc 'num_samples info)) (cadr (assoc 'sample_rate info))))
    (mapcar
      (lambda (tok)
        (if (not (item.parent tok))
          (let ((s -1) (e -1))
            (mapcar
              (lambda (w)
                (let ((wi (item.relation w 'Word)))
                  (if (and wi (item.relation.daughter1 wi 'SylStructure))
                    (begin
                      (if (< s 0) (set! s (item.feat wi "word_start")))
                      (set! e (item.feat wi "word_end"))))))
              (item.daughters tok))
            (format t "T %f %f %s\\n" s e (item.name tok)))))
      (utt.relation.items u 'Token))
    (format t "E\\n")))
`;

/** The Scheme program that selects the voice, applies `setup` and synthesises every chunk into `outDir`. */
export function festivalScript(options: {
  voice: string;
  setup: readonly string[];
  chunks: readonly { index: number; text: string }[];
  outDir: string;
}): string {
  const lines = [`(${options.voice})`, ...options.setup, SAY];
  for (const chunk of options.chunks) {
    lines.push(
      `(reelsmith-say ${schemeString(join(options.outDir, `chunk-${chunk.index}.wav`))} ${schemeString(chunk.text)})`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Synthesises chunks with one festival voice in one festival process. */
export async function synthesizeWithFestival(options: {
  voice: string;
  setup: readonly string[];
  chunks: readonly { index: number; text: string }[];
  outDir: string;
  signal?: AbortSignal;
  onSpawn?: (pid: number) => void;
}): Promise<EngineChunkResult[]> {
  const first = options.chunks[0]?.index ?? 0;
  const script = join(options.outDir, `festival-${first}.scm`);
  await writeFile(script, festivalScript(options));
  const { stdout, stderr } = await runProcess("festival", ["--batch", script], {
    signal: options.signal,
    onSpawn: options.onSpawn,
  });
  const blocks = parseEngineOutput(stdout);
  if (blocks.length !== options.chunks.length) {
    const tail = stderr.trim().split("\n").slice(-6).join("\n");
    throw new TtsError(
      "ENGINE_FAILED",
      `festival produced ${blocks.length} of ${options.chunks.length} speech parts${tail ? `: ${tail}` : ""}`,
    );
  }
  return blocks.map((block, i) => ({
    path: join(options.outDir, `chunk-${options.chunks[i]?.index}.wav`),
    duration: block.samples / block.sampleRate,
    tokens: block.tokens,
  }));
}
