import { SIGNUP_BONUS_CREDITS } from "@reelsmith/core";

export interface FaqEntry {
  id: string;
  question: string;
  /** Plain text: the accordion shows it and the FAQPage structured data repeats it. */
  answer: string;
}

/** The fifteen questions of /faq (spec: 15 entries). The landing page's #faq section shows the first six. */
export const FAQ: readonly FaqEntry[] = [
  {
    id: "what-is-reelsmith",
    question: "What is Reelsmith?",
    answer:
      "Reelsmith is a web studio that turns a script, a product photo or a song into a finished vertical video for TikTok, Instagram Reels and YouTube Shorts. It writes the voiceover, times word-by-word captions, picks footage and music, and exports a 1080×1920 MP4 that is ready to post.",
  },
  {
    id: "show-my-face",
    question: "Do I need to appear on camera or record my voice?",
    answer:
      "No. Every format is faceless: Reddit stories are narrated over gameplay, music videos put your hook over footage, green-screen memes key a meme clip over your background, UGC ads animate your product photo and faceless AI videos assemble ASMR or dreamscape clips. Voices come from six built-in narrators.",
  },
  {
    id: "video-types",
    question: "Which kinds of video can I make?",
    answer:
      "Five: Faceless AI videos (ASMR and dreamscape styles), AI UGC ads from one product photo, Video + Text Hook music videos, Green Screen Memes and Reddit Stories. Micro-Doc, a short documentary style, is announced and marked as coming soon.",
  },
  {
    id: "credits",
    question: "How do credits work?",
    answer: `Each video costs credits when you create it: 6 for a Reddit story, a music video or a green-screen meme, 14 for a UGC ad or a faceless AI video. New accounts get ${SIGNUP_BONUS_CREDITS} free credits with no credit card, and paid plans add a monthly allowance. AI caption suggestions are free.`,
  },
  {
    id: "failed-video",
    question: "What happens if a video fails to generate?",
    answer:
      "The credits for it are refunded to your balance automatically. The refund can take up to 10 minutes to show. The video stays in your list with the reason it failed, so you can try again with a change.",
  },
  {
    id: "render-time",
    question: "How long does a video take?",
    answer:
      "Usually a few minutes: music videos about 2–3 minutes, UGC ads and green-screen memes 3–4 minutes, Reddit stories 4–5 minutes because of the narration. You can leave the page; the video appears under Finished Videos when it is done.",
  },
  {
    id: "platforms",
    question: "Are the videos ready for TikTok, Reels and Shorts?",
    answer:
      "Yes. Every export is a vertical 1080×1920 MP4 (H.264 video, AAC audio) at 30 frames per second, with captions kept inside the area the apps leave free for text, and loudness set for social playback.",
  },
  {
    id: "own-audio",
    question: "Can I use my own song or background?",
    answer:
      "Yes. The music video builder takes your MP3, WAV or AAC file, and the green-screen creator takes your own image or MP4 as the background, each up to 10 MB. You can also pick from the starter library of music, gameplay and footage.",
  },
  {
    id: "ownership",
    question: "Who owns the videos I make?",
    answer:
      "You do. What you upload and the videos you export are yours to post, edit and monetise. The starter library's music and footage are licensed for use inside the videos you make with Reelsmith.",
  },
  {
    id: "top-ups",
    question: "Can I buy more credits without changing my plan?",
    answer:
      "Yes. One-time top-ups come in packs of 10 credits for $3, up to 5 packs per purchase and up to 50 additional credits per calendar month. They are added to your balance as soon as the payment completes.",
  },
  {
    id: "change-plan",
    question: "Can I upgrade, downgrade or cancel at any time?",
    answer:
      "Yes, from Settings. An upgrade applies immediately with full payment; a downgrade or a cancellation takes effect at the end of the current billing period, and your credits stay usable until then.",
  },
  {
    id: "discount",
    question: "Is there a discount right now?",
    answer:
      "Yes: use the code HALFOFFWOW at checkout for 50% off any tier. It is a limited-time offer and applies to the plan you choose when you subscribe.",
  },
  {
    id: "self-host",
    question: "Is Reelsmith open source? Can I run it myself?",
    answer:
      "Yes. Reelsmith is open source under the AGPL-3.0 licence. It runs on one machine with a single command, with no API keys and no internet connection needed, and scales out with PostgreSQL and separate render workers. Plug in your own AI, voice, storage and payment providers when you want them.",
  },
  {
    id: "ai-training",
    question: "Is my content used to train AI models?",
    answer:
      "No. Your scripts, uploads and videos are used only to make your videos. They are never used to train AI models and never sold. When an operator connects an outside AI or voice provider, only what a request needs is sent to it.",
  },
  {
    id: "help",
    question: "How do I get help?",
    answer:
      "Start with these answers and the guides on the blog. For anything else, send a message from the contact page and we reply by e-mail. Agency plan subscribers get 24/7 priority support.",
  },
];
