/**
 * What the starter library contains, as plain data (no I/O, safe for the browser): every asset's
 * kind, key and title, plus music moods and tempos. The build turns each entry into a file; the
 * manifest it writes repeats these fields next to the measured ones (duration, size, dimensions).
 */
import { ASMR_STYLES, BACKGROUND_IDS, DREAMSCAPE_STYLES, TEXT_HOOK_STYLES } from "@reelsmith/core";

export const ASSET_KINDS = ["background", "music", "meme", "asmr", "dreamscape", "hook-footage"] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

export interface CatalogueEntry {
  kind: AssetKind;
  key: string;
  title: string;
  /** One sentence for pickers. */
  description?: string;
}

export interface MusicEntry extends CatalogueEntry {
  kind: "music";
  genre: string;
  mood: string;
  bpm: number;
}

const backgroundTitles: Record<(typeof BACKGROUND_IDS)[number], string> = {
  minecraft: "Minecraft-style Parkour",
  gta5: "GTA-style City Drive",
  satisfying: "Satisfying Marble Run",
  "subway-surfers": "Subway Surfers-style Runner",
  "rocket-league": "Rocket League-style Car Soccer",
  other: "Neon Tunnel Racer",
};

export const BACKGROUNDS: readonly CatalogueEntry[] = BACKGROUND_IDS.map((key) => ({
  kind: "background",
  key,
  title: backgroundTitles[key],
}));

const music = (key: string, title: string, genre: string, mood: string, bpm: number): MusicEntry => ({
  kind: "music",
  key,
  title,
  genre,
  mood,
  bpm,
});

/** 31 tracks; with the "no-music" choice (NO_MUSIC in @reelsmith/core) they are the spec's 32. */
export const MUSIC_TRACKS: readonly MusicEntry[] = [
  music("lofi-rainy-window", "Rainy Window", "lofi", "chill", 78),
  music("lofi-late-night-study", "Late Night Study", "lofi", "calm", 70),
  music("chillhop-sunday", "Sunday Chillhop", "chillhop", "relaxed", 90),
  music("pop-sunny-day", "Sunny Day", "pop", "happy", 120),
  music("pop-summer-drive", "Summer Drive", "pop", "upbeat", 112),
  music("trap-midnight", "Midnight Trap", "trap", "dark", 140),
  music("trap-hype", "Hype Mode", "trap", "energetic", 150),
  music("drill-cold-streets", "Cold Streets", "drill", "menacing", 142),
  music("phonk-drift", "Drift Phonk", "phonk", "aggressive", 130),
  music("phonk-cowbell-night", "Cowbell Night", "phonk", "dark", 120),
  music("house-deep-groove", "Deep Groove", "house", "groovy", 122),
  music("house-sunset-club", "Sunset Club", "house", "euphoric", 126),
  music("synthwave-neon-highway", "Neon Highway", "synthwave", "nostalgic", 100),
  music("synthwave-night-chase", "Night Chase", "synthwave", "driving", 118),
  music("ambient-floating", "Floating", "ambient", "dreamy", 60),
  music("ambient-deep-space", "Deep Space", "ambient", "spacious", 66),
  music("cinematic-rising-hope", "Rising Hope", "cinematic", "inspiring", 90),
  music("cinematic-dark-trailer", "Dark Trailer", "cinematic", "tense", 80),
  music("acoustic-campfire", "Campfire", "acoustic", "warm", 96),
  music("acoustic-morning-coffee", "Morning Coffee", "acoustic", "cosy", 88),
  music("chiptune-pixel-quest", "Pixel Quest", "chiptune", "playful", 140),
  music("chiptune-boss-battle", "Boss Battle", "chiptune", "intense", 160),
  music("suspense-ticking-clock", "Ticking Clock", "suspense", "tense", 100),
  music("suspense-unsolved-mystery", "Unsolved Mystery", "suspense", "mysterious", 84),
  music("comedic-bouncy-mischief", "Bouncy Mischief", "comedic", "silly", 132),
  music("comedic-oops", "Oops!", "comedic", "goofy", 108),
  music("corporate-bright-ideas", "Bright Ideas", "corporate", "optimistic", 110),
  music("corporate-tech-forward", "Tech Forward", "corporate", "confident", 118),
  music("epic-legends-rise", "Legends Rise", "epic", "heroic", 100),
  music("epic-battle-anthem", "Battle Anthem", "epic", "powerful", 128),
  music("dnb-rush", "Rush Hour", "drum-and-bass", "energetic", 172),
];

const meme = (key: string, title: string): CatalogueEntry => ({ kind: "meme", key, title });

/** 33 green-screen clips (spec: 33, shown 8 per page). */
export const MEMES: readonly CatalogueEntry[] = [
  meme("dancing-cat", "Vibing Cat"),
  meme("skull-laughing", "Laughing Skull"),
  meme("crying-laughing", "Crying Laughing Face"),
  meme("bruh", "Bruh Text Pop"),
  meme("thumbs-up", "Thumbs Up"),
  meme("explosion", "Cartoon Explosion"),
  meme("money-rain", "Money Rain"),
  meme("dramatic-zoom", "Dramatic Zoom Face"),
  meme("mind-blown", "Mind Blown"),
  meme("fire", "This Is Fire"),
  meme("hundred", "100 Emoji Stamp"),
  meme("heart-eyes", "Heart Eyes"),
  meme("clown", "Clown Reveal"),
  meme("sus-eyes", "Suspicious Side Eye"),
  meme("facepalm", "Facepalm"),
  meme("shocked", "Shocked Face"),
  meme("party-popper", "Party Popper Confetti"),
  meme("rocket-launch", "Rocket Launch"),
  meme("stonks", "Stonks Chart"),
  meme("not-stonks", "Not Stonks Crash"),
  meme("wow-text", "WOW Text Burst"),
  meme("omg-text", "OMG Text Shake"),
  meme("lol-text", "LOL Bounce"),
  meme("sparkles", "Sparkle Burst"),
  meme("lightning", "Lightning Strike"),
  meme("dancing-stickman", "Dancing Stick Figure"),
  meme("ghost", "Floating Ghost"),
  meme("alien", "Alien Wave"),
  meme("dog-zoom", "Dog Zoom In"),
  meme("penguin-vibe", "Vibing Penguin"),
  meme("trophy", "Winner Trophy"),
  meme("like-subscribe", "Like and Subscribe"),
  meme("sad-rain", "Sad Rain Cloud"),
];

export const ASMR_CLIPS: readonly CatalogueEntry[] = ASMR_STYLES.map((s) => ({
  kind: "asmr",
  key: s.id,
  title: s.title,
}));

export const DREAMSCAPE_CLIPS: readonly CatalogueEntry[] = DREAMSCAPE_STYLES.map((s) => ({
  kind: "dreamscape",
  key: s.id,
  title: s.title,
}));

export interface HookFootageEntry extends CatalogueEntry {
  kind: "hook-footage";
  /** The text-hook style (spec id) this footage serves. */
  style: (typeof TEXT_HOOK_STYLES)[number]["id"];
}

export const HOOK_FOOTAGE: readonly HookFootageEntry[] = TEXT_HOOK_STYLES.map((s) => ({
  kind: "hook-footage",
  key: s.videoType,
  title: s.title,
  style: s.id,
}));

/** Every generated asset, in build order. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  ...BACKGROUNDS,
  ...MUSIC_TRACKS,
  ...MEMES,
  ...ASMR_CLIPS,
  ...DREAMSCAPE_CLIPS,
  ...HOOK_FOOTAGE,
];

/** The manifest id of an asset: "<kind>-<key>", e.g. "background-minecraft". */
export function assetId(kind: AssetKind, key: string): string {
  return `${kind}-${key}`;
}
