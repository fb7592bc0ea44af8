/**
 * A least-recently-used map bounded by the total size its entries are charged (bytes,
 * characters: whatever the caller measures). A hit moves an entry to the newest end; an
 * insertion evicts from the oldest end until the total is within the bound again.
 */
export class BoundedLru<K, V> {
  private readonly entries = new Map<K, { readonly value: V; readonly size: number }>();
  private total = 0;

  constructor(private readonly maxSize: number) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, size: number): void {
    const old = this.entries.get(key);
    if (old !== undefined) { this.entries.delete(key); this.total -= old.size; }
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [k, e] of this.entries) {
      if (this.total <= this.maxSize) break;
      this.entries.delete(k);
      this.total -= e.size;
    }
  }

  /** the total size charged by the entries held */
  get size(): number { return this.total; }
}
