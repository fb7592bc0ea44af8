// CSS Color 4 §9–10 (lab, lch, oklab, oklch, color()) and CSS Color 5 §2 color-mix():
// conversions to sRGB with the matrices of the spec's sample code. Out-of-gamut colours
// are clipped per channel (the spec's gamut mapping is a refinement not worth its cost here).

export type Vec3 = [number, number, number];

type Mat3 = readonly [Vec3, Vec3, Vec3];

function mul(m: Mat3, v: Vec3): Vec3 {
  return [
    m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
    m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
    m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
  ];
}

const LIN_SRGB_TO_XYZ: Mat3 = [
  [0.41239079926595934, 0.357584339383878, 0.1804807884018343],
  [0.21263900587151027, 0.715168678767756, 0.07219231536073371],
  [0.01933081871559182, 0.11919477979462598, 0.9505321522496607],
];
const XYZ_TO_LIN_SRGB: Mat3 = [
  [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
  [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
  [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
];
const D50_TO_D65: Mat3 = [
  [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
  [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
  [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
];
const D65_TO_D50: Mat3 = [
  [1.0479297925449969, 0.022946870601609652, -0.05019226628920524],
  [0.02962780877005599, 0.9904344267538799, -0.017073799063418826],
  [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371],
];
const LIN_P3_TO_XYZ: Mat3 = [
  [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
  [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
  [0, 0.04511338185890264, 1.043944368900976],
];
const OKLAB_TO_LMS: Mat3 = [
  [1, 0.3963377774, 0.2158037573],
  [1, -0.1055613458, -0.0638541728],
  [1, -0.0894841775, -1.291485548],
];
const LMS_TO_LIN_SRGB: Mat3 = [
  [4.0767416621, -3.3077115913, 0.2309699292],
  [-1.2684380046, 2.6097574011, -0.3413193965],
  [-0.0041960863, -0.7034186147, 1.707614701],
];
const LIN_SRGB_TO_LMS: Mat3 = [
  [0.4122214708, 0.5363325363, 0.0514459929],
  [0.2119034982, 0.6806675976, 0.1073969566],
  [0.0883024619, 0.2817188376, 0.6299787005],
];
const LMS_TO_OKLAB: Mat3 = [
  [0.2104542553, 0.793617785, -0.0040720468],
  [1.9779984951, -2.428592205, 0.4505937099],
  [0.0259040371, 0.7827717662, -0.808675766],
];

const D50_WHITE: Vec3 = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585];
const KAPPA = 24389 / 27;
const EPSILON = 216 / 24389;

/** sRGB transfer function (sign-preserving), 0..1 */
export function srgbEncode(c: number): number {
  const a = Math.abs(c);
  return Math.sign(c) * (a <= 0.0031308 ? 12.92 * a : 1.055 * a ** (1 / 2.4) - 0.055);
}

export function srgbDecode(c: number): number {
  const a = Math.abs(c);
  return Math.sign(c) * (a <= 0.04045 ? a / 12.92 : ((a + 0.055) / 1.055) ** 2.4);
}

export function labToLinSrgb(lab: Vec3): Vec3 {
  const [L, a, b] = lab;
  const f1 = (L + 16) / 116;
  const f0 = a / 500 + f1;
  const f2 = f1 - b / 200;
  const xyz: Vec3 = [
    (f0 ** 3 > EPSILON ? f0 ** 3 : (116 * f0 - 16) / KAPPA) * D50_WHITE[0],
    (L > KAPPA * EPSILON ? ((L + 16) / 116) ** 3 : L / KAPPA) * D50_WHITE[1],
    (f2 ** 3 > EPSILON ? f2 ** 3 : (116 * f2 - 16) / KAPPA) * D50_WHITE[2],
  ];
  return mul(XYZ_TO_LIN_SRGB, mul(D50_TO_D65, xyz));
}

export function linSrgbToLab(rgb: Vec3): Vec3 {
  const xyz = mul(D65_TO_D50, mul(LIN_SRGB_TO_XYZ, rgb));
  const f = xyz.map((v, i) => {
    const x = v / D50_WHITE[i]!;
    return x > EPSILON ? Math.cbrt(x) : (KAPPA * x + 16) / 116;
  }) as Vec3;
  return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])];
}

export function oklabToLinSrgb(lab: Vec3): Vec3 {
  const lms = mul(OKLAB_TO_LMS, lab).map((v) => v ** 3) as Vec3;
  return mul(LMS_TO_LIN_SRGB, lms);
}

export function linSrgbToOklab(rgb: Vec3): Vec3 {
  const lms = mul(LIN_SRGB_TO_LMS, rgb).map(Math.cbrt) as Vec3;
  return mul(LMS_TO_OKLAB, lms);
}

export function linP3ToLinSrgb(rgb: Vec3): Vec3 {
  return mul(XYZ_TO_LIN_SRGB, mul(LIN_P3_TO_XYZ, rgb));
}

export function polarToRect(l: number, c: number, hDeg: number): Vec3 {
  const h = hDeg * Math.PI / 180;
  return [l, c * Math.cos(h), c * Math.sin(h)];
}

/** Linear sRGB 0..1 → 8-bit sRGB channels, clipped into the gamut. */
export function linSrgbTo8bit(rgb: Vec3): Vec3 {
  return rgb.map((c) => Math.round(Math.max(0, Math.min(1, srgbEncode(c))) * 255)) as Vec3;
}
