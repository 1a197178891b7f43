// Text from the dataset folder (a file name, a quote inside a message) printed on a terminal. A control
// character in it would act rather than show: an ESC sequence recolours or rewrites the screen, a newline
// splits one problem into two lines, a bidirectional override reorders what follows. Each is written as an
// escape instead, so one problem is one line and says exactly what the name holds.

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional embeddings, overrides
// and isolates.
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** `text` with every control character written as an escape (`\n`, `\x1b`, `\u202e`). */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (character) => {
    const named = NAMED[character];
    if (named !== undefined) return named;
    const code = character.codePointAt(0)!;
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
