// The request's page sizes, on their own so that code which only validates a `format`
// (the HTTP thread) can read them without loading the engine. Re-exported by engine/index.ts.

/** The request's `format` (CONTRACT.md): portrait page sizes in points. */
export const PAGE_FORMATS = {
  A0: { width: 2383.94, height: 3370.39 },
  A1: { width: 1683.78, height: 2383.94 },
  A2: { width: 1190.55, height: 1683.78 },
  A3: { width: 841.89, height: 1190.55 },
  A4: { width: 595.28, height: 841.89 },
  A5: { width: 419.53, height: 595.28 },
  A6: { width: 297.64, height: 419.53 },
  Letter: { width: 612, height: 792 },
  Legal: { width: 612, height: 1008 },
  Tabloid: { width: 792, height: 1224 },
  Ledger: { width: 1224, height: 792 },
} as const;
export type PageFormat = keyof typeof PAGE_FORMATS;
