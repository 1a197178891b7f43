// Every text of a page comes from the dataset or a capture, and may hold anything: all of it goes through
// here. `&`, `<`, `>` and both quotes are escaped, so a text is inert in content and in quoted attributes alike.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** A template tag whose interpolated values are escaped, except those already made by `html` (a Markup). */
export class Markup {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
}

export function html(strings: TemplateStringsArray, ...values: readonly unknown[]): Markup {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += fragment(value) + strings[index + 1]!;
  });
  return new Markup(out);
}

function fragment(value: unknown): string {
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(fragment).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}
