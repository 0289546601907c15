// @ts-check
// SplitMix64 on two 32-bit halves (cards/shuffling.py's FastSplitMix64): the same outputs as the BigInt
// SplitMix64 of h2h/engine/prng.js, for the bots' hot loops, where BigInt arithmetic would cost fifty times more.

const TWO_32 = 4294967296;
const GAMMA_HIGH = 0x9e3779b9;
const GAMMA_LOW = 0x7f4a7c15;
const MIX_1_HIGH = 0xbf58476d;
const MIX_1_LOW = 0x1ce4e5b9;
const MIX_2_HIGH = 0x94d049bb;
const MIX_2_LOW = 0x133111eb;

/**
 * @param {number} a an unsigned 32-bit number
 * @param {number} b an unsigned 32-bit number
 * @returns {number} the high 32 bits of their 64-bit product
 */
function productHigh(a, b) {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const middle1 = a1 * b0;
  const middle2 = a0 * b1;
  const carry = (((a0 * b0) >>> 16) + (middle1 & 0xffff) + (middle2 & 0xffff)) >>> 16;
  return (a1 * b1 + (middle1 >>> 16) + (middle2 >>> 16) + carry) >>> 0;
}

export class FastSplitMix64 {
  /** @param {bigint} seed any whole number; its low 64 bits are the state */
  constructor(seed) {
    const state = BigInt.asUintN(64, seed);
    this.high = Number(state >> 32n);
    this.low = Number(state & 0xffffffffn);
    this.outHigh = 0;
    this.outLow = 0;
  }

  /** Advances the state and leaves the next output in `outHigh`, `outLow`. */
  step() {
    const low = this.low + GAMMA_LOW;
    this.high = (this.high + GAMMA_HIGH + (low >= TWO_32 ? 1 : 0)) >>> 0;
    this.low = low >>> 0;
    let high = this.high;
    let lowZ = this.low;
    // z ^= z >> 30; z *= MIX_1
    lowZ = (lowZ ^ ((high << 2) | (lowZ >>> 30))) >>> 0;
    high = (high ^ (high >>> 30)) >>> 0;
    let nextHigh = (productHigh(lowZ, MIX_1_LOW) + Math.imul(high, MIX_1_LOW) + Math.imul(lowZ, MIX_1_HIGH)) >>> 0;
    lowZ = Math.imul(lowZ, MIX_1_LOW) >>> 0;
    high = nextHigh;
    // z ^= z >> 27; z *= MIX_2
    lowZ = (lowZ ^ ((high << 5) | (lowZ >>> 27))) >>> 0;
    high = (high ^ (high >>> 27)) >>> 0;
    nextHigh = (productHigh(lowZ, MIX_2_LOW) + Math.imul(high, MIX_2_LOW) + Math.imul(lowZ, MIX_2_HIGH)) >>> 0;
    lowZ = Math.imul(lowZ, MIX_2_LOW) >>> 0;
    high = nextHigh;
    // z ^= z >> 31
    this.outLow = (lowZ ^ ((high << 1) | (lowZ >>> 31))) >>> 0;
    this.outHigh = (high ^ (high >>> 31)) >>> 0;
  }

  /** @returns {bigint} the next 64-bit output */
  next64() {
    this.step();
    return (BigInt(this.outHigh) << 32n) | BigInt(this.outLow);
  }

  /**
   * A number in 0..n-1 (n >= 1): Lemire's multiply-shift, as SplitMix64's `below`.
   * @param {number} n
   * @returns {number}
   */
  below(n) {
    this.step();
    if (n < 0x10000) {
      // Every product is below 2**48, exact in a double.
      return Math.floor((this.outHigh * n + Math.floor((this.outLow * n) / TWO_32)) / TWO_32);
    }
    return Number((((BigInt(this.outHigh) << 32n) | BigInt(this.outLow)) * BigInt(n)) >> 64n);
  }

  /**
   * Fisher–Yates from the last index down: item i swaps with item `below(i + 1)`.
   * @template T
   * @param {T[]} items
   */
  shuffle(items) {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = this.below(i + 1);
      const item = items[i];
      items[i] = items[j];
      items[j] = item;
    }
  }
}
