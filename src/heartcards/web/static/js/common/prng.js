// @ts-check
// SplitMix64, bit for bit the generator of heartcards.cards.SplitMix64: the state advances by 0x9E3779B97F4A7C15
// and each output is the state through the mixer of Steele, Lea and Flood (2014); `below(n)` is Lemire's
// multiply-shift. 64-bit arithmetic needs BigInt.

const MASK64 = (1n << 64n) - 1n;
const GOLDEN_GAMMA = 0x9e3779b97f4a7c15n;

export class SplitMix64 {
  /** @param {bigint | number} seed */
  constructor(seed) {
    /** @type {bigint} */
    this.state = BigInt(seed) & MASK64;
  }

  /** @returns {bigint} the next 64-bit output */
  next64() {
    this.state = (this.state + GOLDEN_GAMMA) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  }

  /**
   * A number in 0..n-1 (n >= 1).
   * @param {number} n
   * @returns {number}
   */
  below(n) {
    return Number((this.next64() * BigInt(n)) >> 64n);
  }

  /**
   * Fisher–Yates from the last index down: item i swaps with item `below(i + 1)`.
   * @template T
   * @param {T[]} items
   */
  shuffle(items) {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = this.below(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }
}
