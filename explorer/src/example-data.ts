// Whether a guide is example data. The API has no field for it, so the page reads the one mark a
// consumer can see on every guide block: its `url`. A guide whose page is on a domain reserved for
// examples (RFC 2606: example.com, .net, .org and the .example, .test and .invalid top-level
// domains) cannot be a real guide; the shipped example guides all live on example.com.

const EXAMPLE_HOSTS = new Set(["example.com", "example.net", "example.org"]);
const EXAMPLE_TLDS = new Set(["example", "test", "invalid"]);

export function isExampleGuideUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return false;
  }
  for (const reserved of EXAMPLE_HOSTS) if (host === reserved || host.endsWith(`.${reserved}`)) return true;
  return EXAMPLE_TLDS.has(host.split(".").at(-1) ?? "");
}
