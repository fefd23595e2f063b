/** Seeded random draws for the arena's bootstrap: the same seed gives the same draws on every machine. */

/** mulberry32: a seeded generator of uniform numbers in [0, 1); the same seed gives the same stream on every machine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An exact Poisson(mean) draw: Knuth's product of uniforms below a mean of 10, Hörmann's PTRS (1993) above, O(1) expected. */
export function samplePoisson(mean: number, random: () => number): number {
  if (mean <= 0) return 0;
  if (mean < 10) {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let product = random(); product > limit; product *= random()) k++;
    return k;
  }
  // PTRS's constants, as in Hörmann's paper (and numpy's random_poisson_ptrs).
  const logMean = Math.log(mean);
  const b = 0.931 + 2.53 * Math.sqrt(mean);
  const a = -0.059 + 0.02483 * b;
  const logInvAlpha = Math.log(1.1239 + 1.1328 / (b - 3.4));
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = random() - 0.5;
    const v = random();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mean + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (Math.log(v) + logInvAlpha - Math.log(a / (us * us) + b) <= -mean + k * logMean - logFactorial(k)) return k;
  }
}

const LOG_FACTORIALS = new Float64Array(256);
for (let k = 1; k < LOG_FACTORIALS.length; k++) LOG_FACTORIALS[k] = LOG_FACTORIALS[k - 1] + Math.log(k);

/** ln(k!): a table below 256, Stirling's series above (its error there is far below a double's precision). */
function logFactorial(k: number): number {
  if (k < LOG_FACTORIALS.length) return LOG_FACTORIALS[k];
  const inverse = 1 / k;
  const inverse2 = inverse * inverse;
  return k * Math.log(k) - k + 0.5 * Math.log(2 * Math.PI * k) + inverse * (1 / 12 - inverse2 * (1 / 360 - inverse2 / 1260));
}
