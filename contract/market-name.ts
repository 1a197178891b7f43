// Turns the ways people write an item's name into keys, shared by the generator (which writes a
// resolve file per key) and the edge (which looks a request up by key): the alias key, which is the
// item's slug, and the name key a market hash name is looked up by, which ignores punctuation.
// Steam's market hash names decorate the stem "Weapon | Finish" with a star for knives and gloves,
// "StatTrak™" or "Souvenir", and a wear suffix; none of those changes which items are meant.

const WEARS = ["Factory New", "Minimal Wear", "Field-Tested", "Well-Worn", "Battle-Scarred"];
const WEAR_SUFFIX = new RegExp(`\\s*\\((?:${WEARS.join("|")})\\)$`, "i");
// "★", "StatTrak™" (also seen typed as "StatTrak" or "StatTrak(TM)"; NFKC makes "™" "TM") and "Souvenir", in any order Steam uses.
const PREFIX = /^(?:★|☆|stattrak(?:™|\(tm\)|tm)?|souvenir)\s*/i;

// Invisible characters that text copied from a web page or a chat carries: format characters (Unicode
// category Cf: zero-width space and joiners, soft hyphen, byte-order mark, direction marks) and variation
// selectors (the U+FE0F that asks for an emoji-style ★).
const INVISIBLE = /[\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/gu;

/**
 * The one form names are compared in, on both sides of /resolve: compatibility-normalized (NFKC: fullwidth
 * letters become ASCII, "™" becomes "TM") with the invisible characters dropped.
 */
export function normalizeName(text: string): string {
  // Dropped before normalizing: a zero-width space between a letter and its combining accent would
  // otherwise keep NFKC from composing them ("A\u200B\u0300" must read "À").
  return text.replace(INVISIBLE, "").normalize("NFKC");
}

/** "★ StatTrak™ Karambit | Doppler (Factory New)" -> "Karambit | Doppler". */
export function marketNameStem(marketHashName: string): string {
  let name = normalizeName(marketHashName).replace(/\s+/gu, " ").trim();
  name = name.replace(WEAR_SUFFIX, "");
  // PREFIX takes the spaces after each decoration with it, so what is left starts at the stem.
  let previous: string;
  do {
    previous = name;
    name = name.replace(PREFIX, "");
  } while (previous !== name);
  return name;
}

/** Case- and punctuation-insensitive key of a stem: "Karambit | Doppler" -> "karambit-doppler". */
export function aliasKey(text: string): string {
  return normalizeName(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
}

/**
 * The name key: letters and digits alone, lowercased, so that punctuation, present or absent, never
 * tells two names apart ("AK47", "AK.47", "AK 47" and "AK-47" are one). Its item's slug gives it too
 * (`nameKey(slug)`): a slug is the alias key of the name, the same letters and digits. The check
 * refuses two items whose names meet at one name key.
 */
export function nameKey(text: string): string {
  return aliasKey(text).replaceAll("-", "");
}

/** The name key a market hash name resolves through: its stem's (marketNameStem). */
export function marketNameKey(marketHashName: string): string {
  return nameKey(marketNameStem(marketHashName));
}
