// A guide's `url` is the one address of the dataset the page turns into a link. The API serves only
// https and http addresses (dataset/README.md, "url"), but the page does not rely on that: an address
// with any other scheme (javascript:, data:, file:) would run or open something on the reader's machine
// when clicked, so it is shown as text and never linked.

export function isWebPageUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}
