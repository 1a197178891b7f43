import { describe, expect, it } from "vitest";
import { createByteCache, DEFAULT_BYTE_CACHE } from "../../edge/byte-cache.ts";

const bytes = (n: number) => new Uint8Array(n);

describe("byte cache", () => {
  it("returns what was stored, and a remembered miss as null", () => {
    const cache = createByteCache({ maxBytes: 1000, maxEntryBytes: 100, maxEntries: 10 });
    const value = bytes(10);
    cache.set("a", value);
    cache.set("missing", null);
    expect(cache.get("a")).toBe(value);
    expect(cache.get("missing")).toBeNull();
    expect(cache.get("never")).toBeUndefined();
  });
  it("evicts the least recently used entry when over its byte budget", () => {
    // Each entry costs 100 bytes of value, 2 of key and 160 of bookkeeping.
    const cache = createByteCache({ maxBytes: 2 * 262 + 100, maxEntryBytes: 100, maxEntries: 10 });
    cache.set("a", bytes(100).fill(1));
    cache.set("b", bytes(100).fill(2));
    cache.get("a");
    cache.set("c", bytes(100).fill(3));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual(bytes(100).fill(1));
    expect(cache.get("c")).toEqual(bytes(100).fill(3));
    expect(cache.bytes).toBeLessThanOrEqual(2 * 262 + 100);
  });
  it("an entry used is kept while at least half the cache's worth of new entries come in after it", () => {
    const keys = Array.from({ length: 8 }, (_, at) => `k${at}`);
    const fresh = createByteCache({ maxBytes: 1_000_000, maxEntryBytes: 100, maxEntries: 8 });
    for (const key of keys) fresh.set(key, null);
    fresh.get("k0");
    for (const key of ["n1", "n2", "n3", "n4"]) fresh.set(key, null);
    // k0, the oldest, was used: k1 to k4 went in its place.
    expect(fresh.get("k0")).toBeNull();
    expect(["k1", "k2", "k3", "k4"].map((key) => fresh.get(key))).toEqual([undefined, undefined, undefined, undefined]);
  });
  it("entries used one after another are each moved clear of eviction, and the oldest unused goes first", () => {
    const cache = createByteCache({ maxBytes: 1_000_000, maxEntryBytes: 100, maxEntries: 4 });
    for (const key of ["a", "b", "c", "d"]) cache.set(key, null);
    cache.get("a");
    cache.get("b");
    cache.set("e", null);
    expect(["a", "b", "c", "d", "e"].map((key) => cache.get(key))).toEqual([null, null, undefined, null, null]);
  });
  it("an entry used while among the younger half keeps its place: it is evicted in the order it was set", () => {
    const cache = createByteCache({ maxBytes: 1_000_000, maxEntryBytes: 100, maxEntries: 4 });
    for (const key of ["a", "b", "c", "d"]) cache.set(key, null);
    cache.get("c");
    for (const key of ["e", "f", "g"]) cache.set(key, null);
    expect(["c", "d", "e", "f", "g"].map((key) => cache.get(key))).toEqual([undefined, null, null, null, null]);
  });
  it("never holds more entries than its entry bound", () => {
    const cache = createByteCache({ maxBytes: 1_000_000, maxEntryBytes: 100, maxEntries: 3 });
    for (const key of ["a", "b", "c", "d", "e"]) cache.set(key, null);
    expect(cache.size).toBe(3);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("e")).toBeNull();
  });
  it("does not keep a value larger than the entry limit", () => {
    const cache = createByteCache({ maxBytes: 1000, maxEntryBytes: 100, maxEntries: 10 });
    cache.set("big", bytes(101));
    expect(cache.get("big")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
  it("replacing an entry does not count it twice", () => {
    const cache = createByteCache({ maxBytes: 1000, maxEntryBytes: 100, maxEntries: 10 });
    cache.set("a", bytes(50));
    cache.set("a", bytes(50));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(160 + 2 + 50);
  });
  it("counts each key at two bytes a character", () => {
    const cache = createByteCache({ maxBytes: 1000, maxEntryBytes: 100, maxEntries: 10 });
    cache.set("abcd", bytes(50));
    expect(cache.bytes).toBe(160 + 8 + 50);
  });
  it("asking for a key it does not hold adds nothing", () => {
    const cache = createByteCache({ maxBytes: 1000, maxEntryBytes: 100, maxEntries: 10 });
    cache.get("never");
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
  it("a replaced entry counts as the most recently used", () => {
    const cache = createByteCache({ maxBytes: 1_000_000, maxEntryBytes: 100, maxEntries: 2 });
    cache.set("a", bytes(1));
    cache.set("b", bytes(1));
    cache.set("a", bytes(2));
    cache.set("c", bytes(1));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual(bytes(2));
  });
  it("keeps entries that fill its byte budget exactly", () => {
    const cache = createByteCache({ maxBytes: 2 * (160 + 2 + 10), maxEntryBytes: 100, maxEntries: 10 });
    cache.set("a", bytes(10));
    cache.set("b", bytes(10));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2 * (160 + 2 + 10));
  });
  it("forgets a deleted entry and its bytes, and a key it does not hold changes nothing", () => {
    const cache = createByteCache({ maxBytes: 1000, maxEntryBytes: 100, maxEntries: 10 });
    cache.set("a", bytes(10));
    cache.set("b", null);
    cache.delete("a");
    cache.delete("never");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(160 + 2);
  });
  it("holds 128 MiB per process by default, a whole seeds pack of a few MB among them, and a million entries", () => {
    expect(DEFAULT_BYTE_CACHE).toEqual({ maxBytes: 134_217_728, maxEntryBytes: 8_388_608, maxEntries: 1_000_000 });
  });
});

describe("byte cache with a share for large values", () => {
  // Each value of 100 bytes costs 262 with its one-letter key (2 fit in the 600 bytes left to small
  // ones); each of 500 costs 662 (2 fit in the large share of 1,400).
  const split = () => createByteCache({ maxBytes: 2000, maxEntryBytes: 1000, maxEntries: 100, large: { fromBytes: 500, maxBytes: 1400 } });
  it("a large value evicts only large ones, and a small value only small ones", () => {
    const cache = split();
    cache.set("a", bytes(100).fill(1));
    cache.set("b", bytes(100).fill(2));
    for (const key of ["L", "M", "N"]) cache.set(key, bytes(500));
    expect(["a", "b", "L", "M", "N"].map((key) => cache.get(key)?.length)).toEqual([100, 100, undefined, 500, 500]);
    cache.set("c", bytes(100).fill(3));
    expect(["a", "b", "c", "M", "N"].map((key) => cache.get(key)?.length)).toEqual([undefined, 100, 100, 500, 500]);
    expect(cache.bytes).toBe(2 * 262 + 2 * 662);
    expect(cache.size).toBe(4);
  });
  it("a value just under the threshold is small, one at it large", () => {
    const cache = split();
    cache.set("a", bytes(499));
    cache.set("b", bytes(500));
    // 661 bytes would not fit among the small ones (600): "a" is not kept, "b" is.
    expect([cache.get("a"), cache.get("b")?.length]).toEqual([undefined, 500]);
  });
  it("a key set again with a value of the other size is held once, in the share of its new value", () => {
    const cache = split();
    cache.set("k", bytes(500));
    cache.set("k", bytes(10));
    expect(cache.get("k")?.length).toBe(10);
    expect([cache.size, cache.bytes]).toEqual([1, 172]);
    cache.set("k", bytes(600));
    expect(cache.get("k")?.length).toBe(600);
    expect([cache.size, cache.bytes]).toEqual([1, 762]);
    cache.delete("k");
    expect([cache.get("k"), cache.size, cache.bytes]).toEqual([undefined, 0, 0]);
    cache.set("s", bytes(10));
    cache.delete("s");
    expect([cache.get("s"), cache.size, cache.bytes]).toEqual([undefined, 0, 0]);
  });
  it("remembers misses among the small ones, and keeps no value over the entry limit", () => {
    const cache = split();
    cache.set("gone", null);
    cache.set("huge", bytes(1001));
    expect([cache.get("gone"), cache.get("huge")]).toEqual([null, undefined]);
  });
  it("never holds more entries than its entry bound, the large share's included", () => {
    // The large share holds 2 at most (1,400 / 500): 3 entries are left to the small ones.
    const cache = createByteCache({ maxBytes: 100_000, maxEntryBytes: 1000, maxEntries: 5, large: { fromBytes: 500, maxBytes: 1400 } });
    for (const key of ["a", "b", "c", "d", "e"]) cache.set(key, null);
    for (const key of ["L", "M", "N"]) cache.set(key, bytes(500));
    expect(cache.size).toBe(5);
    expect(["c", "d", "e", "M", "N"].map((key) => cache.get(key) !== undefined)).toEqual([true, true, true, true, true]);
  });
});
