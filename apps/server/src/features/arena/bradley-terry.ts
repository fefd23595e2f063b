/**
 * The Bradley–Terry fit behind the arena's ratings (issue 41): from pairwise games to
 * log-strengths, so that P(i beats j) = 1 / (1 + exp(theta_j - theta_i)).
 */

const MAX_ITERATIONS = 100;
/** Stop when no log-strength moves more than this (2e-4 rating points): Newton converges quadratically, so the next step would be ~1e-12. */
const TOLERANCE = 1e-6;

/** Pairwise games as parallel arrays over model indices: pair g is models[first[g]] against models[second[g]]. */
export interface Games {
  models: string[];
  first: Int32Array;
  second: Int32Array;
  winsFirst: Float64Array;
  winsSecond: Float64Array;
  ties: Float64Array;
}

/**
 * Bradley–Terry log-strengths by Newton's method on the log-likelihood, a tie counting as half a
 * win for each side (as LMArena does). Each model also plays `prior` virtual tie games against a
 * reference of log-strength 0 (Coulom's virtual draws, a weak prior): the likelihood is then
 * strictly concave, so the fit is unique and finite even for a model that won or lost everything,
 * and the prior's pull is negligible once a model has real games. Newton rather than Hunter's MM:
 * MM crawls (thousands of steps) when a model is far above the others; Newton takes a handful.
 */
export function fitBradleyTerry(games: Games, prior: number, start?: Float64Array): Float64Array {
  const n = games.models.length;
  const theta = start ? Float64Array.from(start) : new Float64Array(n);
  const won = new Float64Array(n).fill(prior / 2);
  for (let g = 0; g < games.first.length; g++) {
    won[games.first[g]] += games.winsFirst[g] + games.ties[g] / 2;
    won[games.second[g]] += games.winsSecond[g] + games.ties[g] / 2;
  }
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    // The gradient (won minus expected wins) and the information matrix (minus the Hessian).
    const gradient = Float64Array.from(won);
    const information = new Float64Array(n * n);
    for (let m = 0; m < n; m++) {
      const p = logistic(theta[m]);
      gradient[m] -= prior * p;
      information[m * n + m] += prior * p * (1 - p);
    }
    for (let g = 0; g < games.first.length; g++) {
      const [i, j] = [games.first[g], games.second[g]];
      const total = games.winsFirst[g] + games.winsSecond[g] + games.ties[g];
      const p = logistic(theta[i] - theta[j]);
      gradient[i] -= total * p;
      gradient[j] -= total * (1 - p);
      const w = total * p * (1 - p);
      information[i * n + i] += w;
      information[j * n + j] += w;
      information[i * n + j] -= w;
      information[j * n + i] -= w;
    }
    const step = solveSymmetric(information, gradient, n);
    const largest = step.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    // Far from the optimum a full step can overshoot; at most one unit of log-strength (about 174 points) a step.
    const damping = largest > 1 ? 1 / largest : 1;
    for (let m = 0; m < n; m++) theta[m] += step[m] * damping;
    if (largest < TOLERANCE) break;
  }
  return theta;
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** Solves A·x = b for a symmetric positive definite n×n A (row-major) by Cholesky; A is overwritten. */
function solveSymmetric(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let j = 0; j < n; j++) {
    let diagonal = a[j * n + j];
    for (let k = 0; k < j; k++) diagonal -= a[j * n + k] ** 2;
    a[j * n + j] = Math.sqrt(diagonal);
    for (let i = j + 1; i < n; i++) {
      let sum = a[i * n + j];
      for (let k = 0; k < j; k++) sum -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = sum / a[j * n + j];
    }
  }
  const x = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < i; k++) x[i] -= a[i * n + k] * x[k];
    x[i] /= a[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    for (let k = i + 1; k < n; k++) x[i] -= a[k * n + i] * x[k];
    x[i] /= a[i * n + i];
  }
  return x;
}
