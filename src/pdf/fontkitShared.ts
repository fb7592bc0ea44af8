// The fontkit object pdfkit, the text measurer (render/measure.ts) and the pdf layer all use: a
// mutable copy of fontkit's exports (which are read-only getters), so patches.ts can keep parsed
// fonts per byte buffer for every caller. In the compiled tree (dist/src) the copy replaces
// fontkit in require's cache before pdfkit loads; the bundle (src/build/bundle.js) links every
// import of fontkit to this module instead. checkPatchTargets() verifies that pdfkit got it.
import * as fontkit from 'fontkit';

export const fontkitShared: Record<string, unknown> = { ...fontkit };

// a bundle or a startup snapshot has no entry for fontkit in require's cache: it links the copy itself
const cached = typeof require === 'function' && require.cache ? require.cache[require.resolve('fontkit')] : undefined;
if (cached) cached.exports = fontkitShared;
