/**
 * Tier colours are free colour text (spec section 3: 'such as an HSL value'), checked the way the
 * server's css_colour check does, and shown through CSS.
 */

const COLOUR_FORMS = [
  /^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
  /^(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([0-9a-z.,%/ +-]{1,50}\)$/i,
  /^[0-9.]+(deg)? [0-9.]+% [0-9.]+%$/,
  /^[a-z]{3,20}$/i,
];

/** True for colour text the server accepts. */
export function isColourText(value: string): boolean {
  return COLOUR_FORMS.some((form) => form.test(value));
}

/** The CSS colour of colour text: a bare HSL triple ('220 70% 50%') gets its hsl() around it. */
export function cssColour(value: string): string {
  return /^[0-9.]+(deg)? [0-9.]+% [0-9.]+%$/.test(value) ? `hsl(${value})` : value;
}

/** The value for an <input type="color">: the text as #rrggbb when it is a hex colour, else black. */
export function pickerValue(value: string): string {
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  const short = /^#([0-9a-fA-F])([0-9a-fA-F])([0-9a-fA-F])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return '#000000';
}
