/** The scripts the intelligibility test reads: a story, an ad and a narration, no digits (about 105 words). */
export const INTELLIGIBILITY_SCRIPTS = [
  "My sister borrowed my car for the weekend and returned it with an empty tank. When I asked her to pay for the gas, she said family should not keep score. Now my parents think I am being petty.",
  "This little bottle changed my morning routine. It keeps coffee hot for twelve hours, it fits in every cup holder, and it never leaks in my bag. Grab yours before the sale ends tonight.",
  "Deep in the forest, the river slows down and the light turns gold. Nobody has walked this path in years, and yet every stone seems to remember the people who came before.",
];

/**
 * What the bench reads: those three and six more of the same kinds (a story, an ad, a narration, a complaint, an
 * ASMR line, an explainer; about 315 words). One word is a third of a point here against a full point on the
 * three alone, where a voice's figure moved by 10 points between two settings that sound alike.
 */
export const INTELLIGIBILITY_BENCH_SCRIPTS = [
  ...INTELLIGIBILITY_SCRIPTS,
  "Last summer my best friend and I drove across the country in an old van. Halfway through, the engine started making a terrible noise, and we spent three days in a tiny town waiting for a part. Those three days turned out to be the best of the whole trip.",
  "Stop wasting money on cleaning sprays that barely work. This one bottle cleans glass, steel and wood without leaving streaks, and it smells like fresh lemons. Try it once and you will never go back.",
  "Far above the clouds, a quiet city floats on silver islands. Bridges of light connect every tower, and the wind carries soft music from one garden to the next.",
  "My manager asked me to stay late again on Friday, even though I had told her weeks ago that it was my daughter's birthday. When I said no, she told me I was not a team player.",
  "Watch closely as the knife slides through the soap. Every slice falls away in thin curls of color, and the sound is soft and crisp at the same time.",
  "If you have ever wondered why cats knock things off tables, scientists have a simple answer. They are curious, they love attention, and they want to see what happens next.",
];
