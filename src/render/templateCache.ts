// Compiled-template cache: one per thread (each worker keeps its own; the in-process renderer
// keeps one too). Keyed by template ID and version, bounded, least recently used dropped first.
//
// The key alone would serve stale code if a caller ever reused a version number for new
// source, so an entry also remembers the source it was compiled from and is recompiled when
// that differs (a string comparison: cheap next to a render). A new version replaces the
// entry of the old one under the same ID, so edited templates do not pile up.

export interface TemplateCacheOptions {
  /** most templates kept compiled; default 256 */
  readonly maxEntries?: number;
}

export interface TemplateCacheStats {
  readonly hits: number;
  readonly misses: number;
  readonly size: number;
}

interface Entry<T> {
  readonly version: number;
  readonly source: string;
  readonly compiled: T;
}

export class TemplateCache<T> {
  private readonly maxEntries: number;
  // Map iteration order is insertion order: re-inserting on a hit keeps the LRU at the front.
  private readonly entries = new Map<string, Entry<T>>();
  private hits = 0;
  private misses = 0;

  constructor(options: TemplateCacheOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 256);
  }

  /** The compiled form of `source` for template `id` at `version`, compiling on a miss. */
  get(template: { readonly id: string; readonly version: number }, source: string, compile: (source: string) => T): T {
    const found = this.entries.get(template.id);
    if (found && found.version === template.version && found.source === source) {
      this.hits++;
      this.entries.delete(template.id);
      this.entries.set(template.id, found);
      return found.compiled;
    }
    this.misses++;
    const compiled = compile(source); // may throw (a template syntax error): nothing is cached then
    this.entries.delete(template.id);
    this.entries.set(template.id, { version: template.version, source, compiled });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return compiled;
  }

  stats(): TemplateCacheStats {
    return { hits: this.hits, misses: this.misses, size: this.entries.size };
  }

  clear(): void {
    this.entries.clear();
  }
}
