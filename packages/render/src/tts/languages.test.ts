/**
 * Every language but English spoken offline, for real: espeak-ng (and KAKASI for Japanese) through the timing helper,
 * each word's time checked against the sound itself.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LanguageId, VOICE_IDS } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPauses } from "./analysis.ts";
import { decodePcm } from "./audio.ts";
import { kanaReadings } from "./kana.ts";
import { OfflineTtsProvider } from "./offline.ts";
import { speechTokens } from "./text.ts";

const STORIES: Record<Exclude<LanguageId, "english">, string> = {
  spanish: "Ayer mi vecino me pidió trescientos euros. Le dije que no, y ahora no me habla. ¿Hice mal?",
  portuguese: "Ontem meu vizinho me pediu dinheiro. Eu disse que não, e agora ele não fala comigo.",
  french: "Hier, mon voisin m'a demandé de l'argent. J'ai dit non, et maintenant il ne me parle plus.",
  german: "Gestern hat mich mein Nachbar um Geld gebeten. Ich habe nein gesagt, und jetzt redet er nicht mehr mit mir.",
  italian: "Ieri il mio vicino mi ha chiesto dei soldi. Ho detto di no, e adesso non mi parla più.",
  dutch: "Gisteren vroeg mijn buurman om geld. Ik zei nee, en nu praat hij niet meer met me.",
  polish: "Wczoraj sąsiad poprosił mnie o pieniądze. Odmówiłem, a teraz ze mną nie rozmawia.",
  turkish: "Dün komşum benden para istedi. Hayır dedim, ve şimdi benimle konuşmuyor.",
  russian: "Вчера сосед попросил у меня денег. Я отказал, и теперь он со мной не разговаривает.",
  arabic: "أمس طلب مني جاري المال. قلت لا، والآن لا يتحدث معي.",
  hebrew: "אתמול השכן שלי ביקש ממני כסף. אמרתי לא, ועכשיו הוא לא מדבר איתי.",
  hindi: "कल मेरे पड़ोसी ने मुझसे पैसे मांगे। मैंने मना कर दिया, और अब वह मुझसे बात नहीं करता।",
  indonesian: "Kemarin tetangga saya meminjam uang. Saya bilang tidak, dan sekarang dia tidak bicara dengan saya.",
  japanese: "昨日、隣の人にお金を貸してと言われました。断ったら、もう話してくれません。",
  korean: "어제 이웃이 돈을 빌려 달라고 했어요. 거절했더니 이제 저와 말을 안 해요.",
  chinese: "昨天邻居向我借钱。我拒绝了，现在他不跟我说话了。",
};
const LANGUAGES = Object.keys(STORIES) as (keyof typeof STORIES)[];
/** The five whose sync is measured word by word against the sound (the five, Japanese for its kana path). */
const MEASURED = ["spanish", "german", "arabic", "hindi", "japanese"] as const;

let workDir: string;
const provider = new OfflineTtsProvider();

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "reelsmith-tts-languages-"));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe("offline voices in every language", () => {
  it.each(LANGUAGES)(
    "%s: every word spoken, in order, timed by the engine inside the audio",
    async (language) => {
      const text = STORIES[language];
      const speech = await provider.synthesize({ text, voice: "nova", language, workDir });
      expect(speech.timing).toBe("engine");
      const expected = speechTokens(text, language).tokens.map((token) => token.text);
      expect(speech.words.map((word) => word.text)).toEqual(expected);
      expect(speech.duration).toBeGreaterThan(1.5);
      let previous = 0;
      for (const word of speech.words) {
        expect(word.start).toBeGreaterThanOrEqual(previous);
        expect(word.end).toBeGreaterThan(word.start);
        previous = word.end;
      }
      expect(previous).toBeLessThanOrEqual(speech.duration);
    },
    30_000,
  );

  it.each(MEASURED)(
    "%s: words after a pause start where the sound starts (p90 within 50 ms)",
    async (language) => {
      const offsets: number[] = [];
      for (const voice of ["alloy", "shimmer"] as const) {
        const speech = await provider.synthesize({ text: STORIES[language], voice, language, workDir });
        const samples = await decodePcm(speech.audioPath, 16000);
        // Each pause's end is a sound onset heard independently of the engine; the word that starts there is timed
        // against it. A stop inside a word (the glottal stop in Arabic's أخطأت) is a pause no word starts after.
        for (const pause of findPauses(samples, 16000, { minDuration: 0.1 })) {
          if (pause.start < 0.05 || pause.end > speech.duration - 0.05) continue;
          if (speech.words.some((w) => w.start < pause.start - 0.03 && w.end > pause.end + 0.03)) continue;
          const word = speech.words.reduce((best, w) =>
            Math.abs(w.start - pause.end) < Math.abs(best.start - pause.end) ? w : best,
          );
          offsets.push(Math.abs(word.start - pause.end));
        }
      }
      expect(offsets.length).toBeGreaterThanOrEqual(2);
      const sorted = offsets.sort((a, b) => a - b);
      const p90 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.9) - 1)] ?? 1;
      expect(p90).toBeLessThanOrEqual(0.05);
    },
    30_000,
  );

  it("gives each voice its own sound: six voices, six different recordings", async () => {
    const durations = new Set<number>();
    for (const voice of VOICE_IDS) {
      const speech = await provider.synthesize({ text: STORIES.spanish, voice, language: "spanish", workDir });
      durations.add(Math.round(speech.duration * 100));
    }
    expect(durations.size).toBe(VOICE_IDS.length);
  }, 60_000);

  it("reads Japanese kanji into kana, particles by their sound", async () => {
    expect(await kanaReadings(["東京", "は", "天気", "へ", "カメラ"])).toEqual([
      "とうきょう",
      "わ",
      "てんき",
      "え",
      "かめら",
    ]);
  });
});
