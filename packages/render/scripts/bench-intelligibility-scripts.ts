/** The scripts the intelligibility bench and test read: a story, an ad and a narration, no digits. */
export const INTELLIGIBILITY_SCRIPTS = [
  "My sister borrowed my car for the weekend and returned it with an empty tank. When I asked her to pay for the gas, she said family should not keep score. Now my parents think I am being petty.",
  "This little bottle changed my morning routine. It keeps coffee hot for twelve hours, it fits in every cup holder, and it never leaks in my bag. Grab yours before the sale ends tonight.",
  "Deep in the forest, the river slows down and the light turns gold. Nobody has walked this path in years, and yet every stone seems to remember the people who came before.",
];
