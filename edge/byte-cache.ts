// A bounded least-recently-used cache of response bytes. A build's files never change once its
// manifest is committed (the manifest is written last), except by a repair, which commits the
// manifest again; so an entry, including "no such file", is valid for as long as that commit is
// served: the cache belongs to one commit and is dropped with it.

export interface ByteCacheOptions {
  /** Total bytes held; the oldest entries are evicted past it. */
  maxBytes: number;
  /** Larger values are served but not kept (e.g. a dump larger than a runtime keeps). */
  maxEntryBytes: number;
  /** Entry count bound, which also bounds remembered misses. */
  maxEntries: number;
  /**
   * Values of at least `fromBytes` kept apart, in at most `maxBytes` of the total and evicted among
   * themselves. Where an answer not in memory costs one read whatever its size (a Worker's assets
   * binding), a large one must not take the room of the many small ones that each spare a read as
   * well: a patterns answer of 99 KB holds the room of some seventy seed answers.
   */
  large?: { fromBytes: number; maxBytes: number };
}

/**
 * 128 MiB per process: a build of a few hundred items answers about a thousand small responses per
 * item (one per seed), most of which then stay in memory, and the dump (a few MB) fits; the entry
 * bound keeps bookkeeping finite.
 */
export const DEFAULT_BYTE_CACHE: ByteCacheOptions = { maxBytes: 128 * 1024 * 1024, maxEntryBytes: 8 * 1024 * 1024, maxEntries: 1_000_000 };

/** What an entry costs beyond its key and bytes: the Map entry, its record and the Uint8Array object, roughly. */
const ENTRY_OVERHEAD = 160;

export interface ByteCache {
  /** The cached value: bytes, `null` for a remembered miss, `undefined` when not cached. */
  get(key: string): Uint8Array | null | undefined;
  set(key: string, value: Uint8Array | null): void;
  /** Forgets an entry (bytes found damaged after they were kept). */
  delete(key: string): void;
  readonly bytes: number;
  readonly size: number;
}

/** An entry and when it was last moved to the young end, counted in moves. */
interface Kept {
  value: Uint8Array | null;
  moved: number;
}

/** A least-recently-used cache of `options.maxBytes`, or two of them where `options.large` sets a share apart. */
export function createByteCache(options: ByteCacheOptions): ByteCache {
  return options.large === undefined ? createLruCache(options) : createSplitCache(options, options.large);
}

/** Two caches in one: values from `large.fromBytes` in their own share, the others (and misses) in the rest. */
function createSplitCache(options: ByteCacheOptions, large: { fromBytes: number; maxBytes: number }): ByteCache {
  // Every large entry costs at least `fromBytes`: the large share can hold no more than this many.
  const largeEntries = Math.floor(large.maxBytes / large.fromBytes);
  const small = createLruCache({ maxBytes: options.maxBytes - large.maxBytes, maxEntryBytes: options.maxEntryBytes, maxEntries: options.maxEntries - largeEntries });
  const big = createLruCache({ maxBytes: large.maxBytes, maxEntryBytes: options.maxEntryBytes, maxEntries: largeEntries });
  return {
    get(key) {
      const kept = small.get(key);
      return kept !== undefined ? kept : big.get(key);
    },
    set(key, value) {
      const isLarge = value !== null && value.length >= large.fromBytes;
      // A key is in one share at most: a value set again may change shares.
      (isLarge ? small : big).delete(key);
      (isLarge ? big : small).set(key, value);
    },
    delete(key) {
      small.delete(key);
      big.delete(key);
    },
    get bytes() {
      return small.bytes + big.bytes;
    },
    get size() {
      return small.size + big.size;
    },
  };
}

/**
 * Entries are kept in a Map in order of use, the oldest first, and the oldest are evicted. A hit
 * moves its entry to the young end only when it is no longer among the younger half: moving costs
 * two changes of the Map, which on a hot path of hits that are mostly young would be most of the
 * cost of a lookup; an entry in the younger half is as far from eviction either way.
 */
function createLruCache(options: ByteCacheOptions): ByteCache {
  const entries = new Map<string, Kept>();
  let bytes = 0;
  let moves = 0;
  const cost = (key: string, value: Uint8Array | null) => ENTRY_OVERHEAD + 2 * key.length + (value === null ? 0 : value.length);
  const toYoungEnd = (key: string, kept: Kept) => {
    entries.delete(key);
    entries.set(key, kept);
    kept.moved = ++moves;
  };
  return {
    get(key) {
      const kept = entries.get(key);
      if (kept === undefined) return undefined;
      if (moves - kept.moved >= entries.size / 2) toYoungEnd(key, kept);
      return kept.value;
    },
    set(key, value) {
      if (value !== null && value.length > options.maxEntryBytes) return;
      const previous = entries.get(key);
      if (previous !== undefined) {
        bytes -= cost(key, previous.value);
        entries.delete(key);
      }
      entries.set(key, { value, moved: ++moves });
      bytes += cost(key, value);
      for (const [oldKey, oldKept] of entries) {
        if (bytes <= options.maxBytes && entries.size <= options.maxEntries) break;
        entries.delete(oldKey);
        bytes -= cost(oldKey, oldKept.value);
      }
    },
    delete(key) {
      const previous = entries.get(key);
      if (previous === undefined) return;
      entries.delete(key);
      bytes -= cost(key, previous.value);
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
