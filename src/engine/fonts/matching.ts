// CSS Fonts 4 §5.2 step 4: among the faces of one family, narrow by font-style, then by
// font-weight. (font-stretch is not in the computed style yet: every face is "normal".)

export type FaceStyle = 'normal' | 'italic' | 'oblique';

export interface FaceDescriptor {
  readonly weight: number;
  readonly style: FaceStyle;
  /** `font-weight: 300 700` in @font-face: the face matches every weight in the range */
  readonly weightRange?: readonly [number, number];
}

/** §5.2 4c: a face with a weight range stands for the desired weight clamped into its range. */
function effectiveWeight(face: FaceDescriptor, desired: number): number {
  if (!face.weightRange) return face.weight;
  const [lo, hi] = face.weightRange;
  return Math.min(Math.max(desired, lo), hi);
}

/** §5.2 4b: preference order of styles for a desired style. */
function stylePreference(desired: FaceStyle): readonly FaceStyle[] {
  switch (desired) {
    case 'italic': return ['italic', 'oblique', 'normal'];
    case 'oblique': return ['oblique', 'italic', 'normal'];
    case 'normal': return ['normal', 'oblique', 'italic'];
  }
}

/**
 * §5.2 4c: the weight to use among `available` for `desired`.
 * 400–500: desired..500 ascending, then below desired descending, then above 500 ascending;
 * below 400: below descending, then above ascending; above 500: above ascending, then below descending.
 */
export function matchWeight(desired: number, available: readonly number[]): number | undefined {
  if (!available.length) return undefined;
  if (available.includes(desired)) return desired;
  const below = available.filter((w) => w < desired).sort((a, b) => b - a);
  const above = available.filter((w) => w > desired).sort((a, b) => a - b);
  if (desired >= 400 && desired <= 500) {
    const upTo500 = above.filter((w) => w <= 500);
    const past500 = above.filter((w) => w > 500);
    return upTo500[0] ?? below[0] ?? past500[0];
  }
  if (desired < 400) return below[0] ?? above[0];
  return above[0] ?? below[0];
}

/** The face of `faces` CSS would pick for (weight, style); undefined only when `faces` is empty. */
export function matchFace<F extends FaceDescriptor>(faces: readonly F[], weight: number, style: FaceStyle): F | undefined {
  for (const s of stylePreference(style)) {
    const sameStyle = faces.filter((f) => f.style === s);
    if (!sameStyle.length) continue;
    const w = matchWeight(weight, sameStyle.map((f) => effectiveWeight(f, weight)));
    return sameStyle.find((f) => effectiveWeight(f, weight) === w);
  }
  return undefined;
}
