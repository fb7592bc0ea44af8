// wawoff2: Google's woff2 codec compiled to wasm (used by src/pdf/sfnt.ts to decode WOFF2).
declare module 'wawoff2' {
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  export function compress(sfnt: Uint8Array): Promise<Uint8Array>;
}
