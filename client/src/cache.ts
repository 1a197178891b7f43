/** What the client keeps per URL to revalidate it: the ETag and the answer it stands for. */
export interface CacheEntry {
  etag: string;
  data: unknown;
  datasetVersion: string;
}

/** Any store with these two methods: a Map, an LRU, something backed by localStorage. */
export interface ClientCache {
  get(url: string): CacheEntry | undefined;
  set(url: string, entry: CacheEntry): unknown;
}
