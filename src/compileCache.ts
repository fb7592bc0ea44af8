// V8's compiled code for the modules a process loads, kept on disk so the next process starts
// without compiling them again (issue #16: the CLI and the service spend a third of their
// start-up compiling JavaScript, and a cold first render compiles most of the engine).
//
// Node ≥ 22.1 does this itself (module.enableCompileCache): it is used where it exists. On
// Node 20 a CommonJS compile hook does the same with vm.Script's cachedData: each module's
// code is looked up by a hash of its path and source, and a module compiled without a usable
// entry has its code written when flushCompileCache() runs (at process exit, and where a
// long-lived thread decides its start-up is over). The code written then includes the functions
// compiled lazily while the process ran, so a cold render's functions come from the cache too.
//
// The directory is NODE_COMPILE_CACHE if set, else `.compile-cache` beside the compiled code
// (dist/); NODE_DISABLE_COMPILE_CACHE=1 turns it off. A directory that cannot be written is
// no error: the process runs as it would without the cache. V8 checks every entry against its
// own version and flags and rejects one that does not match, which is then written anew.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import * as vm from 'node:vm';

interface NodeModule {
  exports: unknown;
  filename: string;
  require(id: string): unknown;
}
interface ModuleStatics {
  prototype: { _compile(this: NodeModule, content: string, filename: string, format?: string): unknown };
  _resolveFilename(request: string, parent: NodeModule, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: NodeModule): string[] | null;
  _extensions: Record<string, unknown>;
  _cache: Record<string, unknown>;
  enableCompileCache?: (directory?: string) => { status: number; directory?: string };
  flushCompileCache?: () => void;
}
const M = Module as unknown as ModuleStatics;

/** the folder that holds dist/src (or src/ under ts-node): the cache sits beside the code it caches */
const DEFAULT_DIR = join(__dirname, '..', '.compile-cache');

interface Pending { readonly script: vm.Script; readonly file: string }
let state: { readonly dir: string; readonly pending: Pending[] } | undefined;
/** modules compiled from a cache entry, compiled without one, and entries V8 refused (hook only) */
const stats = { hits: 0, misses: 0, rejected: 0, written: 0 };
export const compileCacheStats = (): Readonly<typeof stats> => ({ ...stats });
let nativeFlush: (() => void) | undefined;

/** What enableCompileCache did: `node` (Node's own cache), `hook` (this module's), or `off`. */
export type CompileCacheMode = 'node' | 'hook' | 'off';

/** Turns the cache on for every CommonJS module this thread loads from now on (once per thread). */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): CompileCacheMode {
  if (env.NODE_DISABLE_COMPILE_CACHE === '1') return 'off';
  if (state) return 'hook';
  if (nativeFlush) return 'node';
  const dir = env.NODE_COMPILE_CACHE || DEFAULT_DIR;
  if (typeof M.enableCompileCache === 'function') {
    const r = M.enableCompileCache(dir);
    if (r.status === 3 /* DISABLED */ || r.status === 0 /* FAILED */) return 'off';
    nativeFlush = M.flushCompileCache ?? (() => undefined);
    return 'node';
  }
  try { mkdirSync(dir, { recursive: true }); } catch { return 'off'; }
  state = { dir, pending: [] };
  const compile = M.prototype._compile;
  M.prototype._compile = function compileCached(this: NodeModule, content: string, filename: string, format?: string): unknown {
    // an ES module (require of ESM) or a file Node reads another way goes through Node's own path
    // and so does a module with a dynamic import(): a vm.Script can resolve one only through an
    // experimental option that warns on stderr
    if (!state || !filename.endsWith('.js') || (format !== undefined && format !== 'commonjs') || content.includes('import(')) {
      return compile.call(this, content, filename, format);
    }
    return runCached(this, content, filename, state);
  };
  process.once('exit', flushCompileCache);
  return 'hook';
}

/** Writes the code of the modules compiled without a cache entry since the last flush. */
export function flushCompileCache(): void {
  if (nativeFlush) { nativeFlush(); return; }
  if (!state) return;
  const pending = state.pending.splice(0);
  for (const { script, file } of pending) {
    try {
      const data = script.createCachedData();
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      writeFileSync(tmp, data);
      renameSync(tmp, file); // atomic: another process never reads half an entry
      stats.written++;
    } catch { /* a read-only or full disk: the next start compiles again */ }
  }
}

// The wrapper Node puts around a CommonJS module, as a script V8 can cache.
const WRAP_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAP_END = '\n});';

function runCached(mod: NodeModule, content: string, filename: string, s: NonNullable<typeof state>): unknown {
  // a hashbang line is valid only at the very start of a script, not inside the wrapper
  const source = content.startsWith('#!') ? `//${content.slice(2)}` : content;
  const key = createHash('sha1').update(filename).update('\0').update(source).digest('hex');
  const file = join(s.dir, `${key}.bin`);
  let cachedData: Buffer | undefined;
  try { cachedData = readFileSync(file); } catch { /* not cached yet */ }
  const script = new vm.Script(WRAP_START + source + WRAP_END, {
    filename,
    ...(cachedData ? { cachedData } : {}),
  });
  if (!cachedData) stats.misses++;
  else if (script.cachedDataRejected) stats.rejected++;
  else stats.hits++;
  if (!cachedData || script.cachedDataRejected) s.pending.push({ script, file });
  const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
  return wrapper.call(mod.exports, mod.exports, requireFor(mod), mod, filename, dirname(filename));
}

/** The `require` a module gets, as Node's loader makes it. */
function requireFor(mod: NodeModule): NodeJS.Require {
  const require = ((id: string) => mod.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: unknown) => M._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => M._resolveLookupPaths(request, mod);
  require.resolve = resolve;
  require.main = process.mainModule;
  require.extensions = M._extensions as unknown as NodeJS.RequireExtensions;
  require.cache = M._cache as unknown as NodeJS.Dict<NodeJS.Module>;
  return require;
}
