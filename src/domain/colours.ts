/** A colour as 8-bit sRGB channels. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX_COLOUR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** `#rrggbb` (either case) as channels, or null for anything else. */
export function parseHexColour(value: string): Rgb | null {
  const match = HEX_COLOUR.exec(value);
  if (match === null) return null;
  const [, r = '', g = '', b = ''] = match;
  return { r: parseInt(r, 16), g: parseInt(g, 16), b: parseInt(b, 16) };
}

export function hexColour({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2.1 relative luminance, from 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.1 contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** WCAG 2.1 AA for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/**
 * The text colour for a background: white or black, whichever contrasts more. One of them
 * always reaches at least 4.58:1, so any background gets AA text.
 */
export function textOn(background: Rgb): Rgb {
  return contrastRatio(WHITE, background) >= contrastRatio(BLACK, background) ? WHITE : BLACK;
}

/**
 * The colour as close to `colour` as it gets (mixed with black, or with white on a dark
 * background, in small steps) that reaches `minimum` contrast on `background`.
 */
export function readableOn(colour: Rgb, background: Rgb, minimum = AA_TEXT_CONTRAST): Rgb {
  const toward = textOn(background);
  for (let step = 0; step <= 100; step += 1) {
    const mix = (from: number, to: number) => Math.round(from + ((to - from) * step) / 100);
    const candidate = {
      r: mix(colour.r, toward.r),
      g: mix(colour.g, toward.g),
      b: mix(colour.b, toward.b),
    };
    if (contrastRatio(candidate, background) >= minimum) return candidate;
  }
  return toward;
}

/** The colours a widget draws from one accent, each pair readable at AA. */
export interface AccentPalette {
  /** Button and header backgrounds: the accent as given. */
  accent: string;
  /** Text on the accent. */
  onAccent: string;
  /** Links, headings and focus rings on the white page: the accent, darkened if need be. */
  accentText: string;
}

export function accentPalette(accent: Rgb): AccentPalette {
  return {
    accent: hexColour(accent),
    onAccent: hexColour(textOn(accent)),
    accentText: hexColour(readableOn(accent, WHITE)),
  };
}
