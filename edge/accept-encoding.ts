// /dump is served gzip-encoded "when the request's Accept-Encoding includes gzip". Read with the
// q-values of RFC 9110 section 12.5.3: `gzip;q=0` refuses gzip, `*` stands for every coding not
// named, `x-gzip` is gzip's old alias, and names are case-insensitive.

export function acceptsGzip(header: string | null | undefined): boolean {
  if (header === null || header === undefined) return false;
  /** The highest weight gzip is named with (null: not named), and the highest of `*`. */
  let gzip: number | null = null;
  let wildcard = 0;
  for (const element of header.split(",")) {
    const [rawName, ...parameters] = element.split(";");
    const name = rawName!.trim().toLowerCase();
    let q = 1;
    for (const parameter of parameters) {
      // A weight without its value (`q` alone) is no number: it counts as 0, as a malformed one does.
      const [key, value = ""] = parameter.split("=");
      if (key!.trim().toLowerCase() === "q") q = qValue(value.trim());
    }
    if (name === "gzip" || name === "x-gzip") gzip = Math.max(gzip ?? 0, q);
    else if (name === "*") wildcard = Math.max(wildcard, q);
  }
  return (gzip ?? wildcard) > 0;
}

/** RFC 9110 qvalue: 0 to 1 with at most three decimals; anything else counts as 0 (not acceptable). */
function qValue(text: string): number {
  if (!/^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/.test(text)) return 0;
  return Number(text);
}
