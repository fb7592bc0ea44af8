// Imported first by an entry point (the CLI, a render worker), for its side effect: every
// module loaded after it uses the compile cache (./compileCache.ts).
import { enableCompileCache } from './compileCache';

enableCompileCache();
