import { HOOK_TEXT_MAX, UGC_COPY_MAX } from "../catalogue/constants.ts";

/**
 * The ad copy template used when no LLM is configured: a hook and a short spoken ad built from the
 * product name. The UGC form fills its hook and copy fields with it, so the user sees and edits the
 * words before the video is made; the render engine falls back to it when both fields are empty.
 */
export interface UgcCopy {
  hook: string;
  copy: string;
}

const TEMPLATES: readonly ((name: string) => UgcCopy)[] = [
  (name) => ({
    hook: `Stop scrolling if you still don't have ${name}.`,
    copy:
      `I was honestly skeptical at first, but ${name} completely changed my routine. ` +
      "It looks amazing, it feels premium, and it actually does what it promises. " +
      `I use it every single day now. If you've been on the fence, this is your sign: grab ${name} today.`,
  }),
  (name) => ({
    hook: `This is the ${name} everyone keeps asking me about.`,
    copy:
      `Okay, I finally get the hype around ${name}. ` +
      "The quality is unreal for the price, and it fits right into my day. " +
      `My friends keep stealing mine, so I'm telling you now: get your own ${name} before it sells out.`,
  }),
  (name) => ({
    hook: `Three reasons ${name} lives in my bag now.`,
    copy:
      `One, ${name} just works, no learning curve. ` +
      "Two, it looks so good that people ask me where I got it. " +
      `Three, it saves me time every single day. Tap the link and try ${name} for yourself.`,
  }),
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Hook and ad copy for a product name (the same name always gives the same words). */
export function ugcCopyFromTemplate(productName: string): UgcCopy {
  const name = productName.trim().replace(/\s+/g, " ") || "this";
  const template = TEMPLATES[hash(name.toLowerCase()) % TEMPLATES.length] ?? TEMPLATES[0];
  if (!template) throw new Error("no UGC copy template");
  const result = template(name);
  return { hook: result.hook.slice(0, HOOK_TEXT_MAX), copy: result.copy.slice(0, UGC_COPY_MAX) };
}
