/** The caption fields of the UGC form. */
export interface CaptionFields {
  captions: boolean;
  caption_style: string | null;
}

/** Turning captions on keeps the style to choose; turning them off clears it (spec section 4). */
export function setCaptions(on: boolean): Partial<CaptionFields> {
  return on ? { captions: true } : { captions: false, caption_style: null };
}
