// @ts-check
// The Hearts game state and its apply-functions, one per phase (engine/game.py): `new Game(seed, variant, target)`
// deals deal 1; `applyPass(seat, cards)` for each seat (the exchange happens once all four have chosen),
// `applyPlay(seat, card)`, `applyNextDeal()` after a scored deal; `applyAction("pass 0 2C 3C 4C" | "play 2 QS" |
// "next")` takes the same actions as text. A game is rebuilt from its seed and actions: `Game.fromDict(game.toDict())`.

import { quoted } from "../../common/keyed-error.js";
import { DIGIT_PATTERN, pyInt, pySplit } from "../../common/text-input.js";
import {
  CARD_TEXTS,
  HEARTS,
  QUEEN_OF_SPADES,
  SUIT_LETTERS,
  addCard,
  cardsOf,
  emptyHand,
  handOf,
  holds,
  handPoints,
  handText,
  parseCard,
  removeCard,
  suitOf,
} from "./cards.js";
import { dealHands } from "./deck.js";
import * as errors from "./errors.js";
import {
  HAND_SIZE,
  PASS_OFFSETS,
  PASS_SIZE,
  SEATS,
  dealPoints,
  gameWinners,
  legalHand,
  moonShooter,
  passDirectionFor,
  trickWinnerOffset,
} from "./rules.js";

/** @typedef {import("./cards.js").Hand} Hand */
/** @typedef {import("./rules.js").PassDirection} PassDirection */
/** @typedef {import("./rules.js").Variant} Variant */
/** @typedef {"pass" | "play" | "deal_over" | "game_over"} Phase */
/** @typedef {{leader: number, cards: number[], winner: number | null}} Trick */
/**
 * One finished deal: the hands before passing, the passes, the tricks and the score.
 * @typedef {{dealNumber: number, passDirection: PassDirection, hands: Hand[], passes: (Hand | null)[],
 *   tricks: Trick[], points: number[], totals: number[], gameOver: boolean, winners: number[],
 *   moonShooter: number | null, queenTaker: number | null}} DealRecord
 */
/**
 * What one seat may know at one moment (engine/observation.py): bots and clients get this, never the game.
 * `passed` is the seat's own pass once chosen, `received` what it got once all four passed; `dealPoints` the points
 * each seat took in this deal's tricks so far; `legal` the cards it may play now; `earlierDeals` the tricks of each
 * finished deal before this one. Cards are indices.
 * @typedef {{seat: number, variant: Variant, target: number, dealNumber: number, phase: Phase,
 *   passDirection: PassDirection, hand: number[], passed: number[], received: number[], passesChosen: boolean[],
 *   tricks: Trick[], currentTrick: Trick | null, turn: number | null, heartsBroken: boolean, dealPoints: number[],
 *   totals: number[], scoreHistory: number[][], legal: number[], winners: number[], earlierDeals: Trick[][]}}
 *   Observation
 */
/**
 * A saved game as `Game.toDict()` writes it; the seed is decimal text, which JSON carries exactly.
 * @typedef {{version: number, seed: string, variant: Variant, target: number, first_deal: number,
 *   actions: string[]}} GameData
 */

export const RECORD_VERSION = 1;
export const DEFAULT_TARGET = 100;
const INT_PATTERN = new RegExp(`^[+-]?${DIGIT_PATTERN}+(?:_${DIGIT_PATTERN}+)*$`, "u");
const SEED_PATTERN = /^-?[0-9]+$/;

/**
 * @param {unknown} value
 * @returns {value is number}
 */
function isWholeNumber(value) {
  return typeof value === "number" && Number.isInteger(value);
}

/**
 * @param {unknown} seat
 * @returns {number}
 */
function checkSeat(seat) {
  if (!isWholeNumber(seat) || seat < 0 || seat >= SEATS) throw new errors.BadSeatError(seat);
  return seat;
}

/**
 * @param {unknown} card
 * @returns {number} the card index (0..51), checked
 */
function cardIndex(card) {
  if (!isWholeNumber(card) || card < 0 || card >= 52) throw new errors.BadCardError(card);
  return card;
}

/**
 * `int(word)` as Python reads a seat in an action; throws for anything else.
 * @param {string} word
 * @returns {number}
 */
function parseSeat(word) {
  if (!INT_PATTERN.test(word)) throw new Error(`${quoted(word)} is not a whole number`);
  const digits = word.replace(/^[+-]/, "").replaceAll("_", "");
  const value = pyInt(digits);
  return word.startsWith("-") ? -value : value;
}

/**
 * A card word of an action, as `Card.parse` reads it; throws for anything else.
 * @param {string} word
 * @returns {number}
 */
function parseCardWord(word) {
  const index = parseCard(word);
  if (index < 0) throw new Error(`${quoted(word)} is not a card such as 2C, 10H or QS`);
  return index;
}

/**
 * @param {unknown} seed
 * @returns {bigint | null} the seed as a whole number, or null when it is none
 */
function seedOf(seed) {
  if (typeof seed === "bigint") return seed;
  if (isWholeNumber(seed)) return BigInt(seed);
  if (typeof seed === "string" && SEED_PATTERN.test(seed)) return BigInt(seed);
  return null;
}

/** A whole game of Hearts for four seats (0..3, clockwise). Pure: no I/O, randomness only from the seed. */
export class Game {
  // The deal in progress (set by `startDeal`).
  /** @type {number} */
  dealNumber = 0;
  /** @type {PassDirection} */
  passDirection = "left";
  /** @type {Hand[]} the hands as dealt, before passing */
  dealt = [];
  /** @type {Hand[]} */
  hands = [];
  /** @type {(Hand | null)[]} each seat's pass once chosen */
  passes = [];
  /** @type {Hand[]} the cards each seat received */
  received = [];
  /** @type {Hand[]} the cards each seat took in tricks */
  taken = [];
  /** @type {Trick[]} the deal's finished tricks */
  tricks = [];
  /** @type {number} */
  trickLeader = 0;
  /** @type {number[]} the trick in play */
  trickCards = [];
  /** @type {boolean} */
  heartsBroken = false;
  /** @type {number[]} points taken this deal so far (before any moon) */
  pointsSoFar = [];
  /** @type {Phase} */
  phase = "pass";
  /** @type {number | null} */
  turn = null;

  /**
   * @param {bigint | number | string} seed a whole number (decimal text is read exactly, past 2**53)
   * @param {unknown} [variant] "classic" or "special"
   * @param {unknown} [target] the target score, a positive whole number
   * @param {unknown} [firstDeal] the deal number the game starts at (normally 1)
   */
  constructor(seed, variant = "classic", target = DEFAULT_TARGET, firstDeal = 1) {
    const wholeSeed = seedOf(seed);
    if (wholeSeed === null) {
      throw new errors.HeartsError(`the seed must be a whole number, not ${quoted(seed)}`, { seed: String(seed) });
    }
    if (variant !== "classic" && variant !== "special") {
      throw new errors.HeartsError(`${quoted(variant)} is not a variant: classic or special`, { variant: String(variant) });
    }
    if (!isWholeNumber(target) || target < 1) {
      throw new errors.HeartsError(`the target score must be a positive whole number, not ${quoted(target)}`, { target });
    }
    if (!isWholeNumber(firstDeal) || firstDeal < 1) {
      throw new errors.HeartsError(`deal numbers start at 1, not ${quoted(firstDeal)}`, { first_deal: firstDeal });
    }
    /** @type {bigint} */
    this.seed = wholeSeed;
    /** @type {Variant} */
    this.variant = variant;
    /** @type {number} */
    this.target = target;
    /** @type {number} */
    this.firstDeal = firstDeal;
    /** @type {number[]} */
    this.totals = [0, 0, 0, 0];
    /** @type {number[][]} the points of each scored deal */
    this.scoreHistory = [];
    /** @type {number[]} */
    this.winners = [];
    /** @type {string[]} every action so far, as text */
    this.actions = [];
    /** @type {DealRecord[]} */
    this.records = [];
    this.startDeal(firstDeal);
  }

  /** @param {number} number */
  startDeal(number) {
    this.dealNumber = number;
    this.passDirection = passDirectionFor(number);
    this.dealt = dealHands(this.seed, number);
    this.hands = this.dealt.map((hand) => [...hand]);
    this.passes = [null, null, null, null];
    this.received = [emptyHand(), emptyHand(), emptyHand(), emptyHand()];
    this.taken = [emptyHand(), emptyHand(), emptyHand(), emptyHand()];
    this.tricks = [];
    this.trickLeader = 0;
    this.trickCards = [];
    this.heartsBroken = false;
    this.pointsSoFar = [0, 0, 0, 0];
    this.phase = "pass";
    this.turn = null;
    if (this.passDirection === "none") this.startPlay();
  }

  startPlay() {
    this.phase = "play";
    const leader = this.hands.findIndex((hand) => holds(hand, 0));
    this.trickLeader = leader;
    this.turn = leader;
  }

  // -- passing ---------------------------------------------------------------------------------------------------

  /**
   * Seat `seat` gives three cards (indices); once all four have chosen, the cards change hands at once.
   * @param {unknown} seat
   * @param {readonly unknown[]} cards
   */
  applyPass(seat, cards) {
    const number = checkSeat(seat);
    const indices = cards.map(cardIndex);
    const text = indices.map((index) => CARD_TEXTS[index]).join(" ") || "nothing";
    if (this.phase !== "pass") {
      if (this.passDirection === "none" && this.phase === "play") throw new errors.NoPassThisDealError(this.dealNumber);
      throw new errors.WrongPhaseError("pass", this.phase);
    }
    if (this.passes[number] !== null) {
      throw new errors.PassError(number, text, "this seat has already passed", "hearts.error.already_passed");
    }
    if (indices.length !== PASS_SIZE || new Set(indices).size !== PASS_SIZE) {
      throw new errors.PassError(number, text, "a pass is exactly three different cards", "hearts.error.pass_count");
    }
    for (const index of indices) {
      if (!holds(this.hands[number], index)) throw new errors.CardNotInHandError(number, CARD_TEXTS[index]);
    }
    this.passes[number] = handOf(indices);
    this.actions.push(`pass ${number} ${text}`);
    if (this.passes.every((given) => given !== null)) this.exchange();
  }

  exchange() {
    const given = this.passes.map((hand) => hand ?? emptyHand());
    const offset = PASS_OFFSETS[this.passDirection];
    for (let seat = 0; seat < SEATS; seat += 1) {
      this.hands[seat] = this.hands[seat].map((bits, suit) => bits & ~given[seat][suit]);
    }
    for (let seat = 0; seat < SEATS; seat += 1) {
      const receiver = (seat + offset) % SEATS;
      this.hands[receiver] = this.hands[receiver].map((bits, suit) => bits | given[seat][suit]);
      this.received[receiver] = [...given[seat]];
    }
    this.startPlay();
  }

  // -- play ------------------------------------------------------------------------------------------------------

  /** @returns {number} the suit led to the trick in play, -1 when nobody has played to it */
  ledSuit() {
    return this.trickCards.length ? suitOf(this.trickCards[0]) : -1;
  }

  /**
   * The cards `seat` may play now (none unless it is that seat's turn).
   * @param {number} seat
   * @returns {Hand}
   */
  legalHand(seat) {
    if (this.phase !== "play" || this.turn !== seat) return emptyHand();
    return legalHand(this.hands[seat], this.ledSuit(), this.tricks.length === 0, this.heartsBroken);
  }

  /**
   * Seat `seat` plays `card` (an index); throws the `IllegalPlayError` naming the card and the rule.
   * @param {unknown} seat
   * @param {unknown} card
   */
  applyPlay(seat, card) {
    const number = checkSeat(seat);
    const index = cardIndex(card);
    if (this.phase !== "play") throw new errors.WrongPhaseError("play", this.phase);
    const turn = this.turn;
    if (turn === null || number !== turn) throw new errors.NotYourTurnError(number, turn ?? -1, CARD_TEXTS[index]);
    const hand = this.hands[number];
    if (!holds(hand, index)) throw new errors.CardNotInHandError(number, CARD_TEXTS[index]);
    if (!holds(legalHand(hand, this.ledSuit(), this.tricks.length === 0, this.heartsBroken), index)) {
      throw this.whyIllegal(number, CARD_TEXTS[index], hand);
    }
    this.play(number, index);
  }

  /**
   * The rule a refused card breaks, in the order docs/rules/hearts.md#illegal-plays-and-their-messages gives.
   * @param {number} seat
   * @param {string} text
   * @param {Hand} hand
   * @returns {errors.HeartsError}
   */
  whyIllegal(seat, text, hand) {
    const led = this.ledSuit();
    if (led < 0 && this.tricks.length === 0) return new errors.MustLeadTwoOfClubsError(seat, text);
    if (led < 0) return new errors.HeartsNotBrokenError(seat, text);
    if (hand[led]) return new errors.FollowSuitError(seat, text, SUIT_LETTERS[led]);
    return new errors.QueenOnFirstTrickError(seat, text);
  }

  /**
   * Plays a card already known to be legal.
   * @param {number} seat
   * @param {number} index
   */
  play(seat, index) {
    removeCard(this.hands[seat], index);
    const cards = this.trickCards;
    cards.push(index);
    this.actions.push(`play ${seat} ${CARD_TEXTS[index]}`);
    if (suitOf(index) === HEARTS) this.heartsBroken = true;
    if (cards.length < SEATS) {
      this.turn = (seat + 1) % SEATS;
      return;
    }
    const leader = this.trickLeader;
    const winner = (leader + trickWinnerOffset(cards)) % SEATS;
    const trick = handOf(cards);
    for (const card of cards) addCard(this.taken[winner], card);
    this.pointsSoFar[winner] += handPoints(trick);
    this.tricks.push({ leader, cards: [...cards], winner });
    this.trickCards = [];
    this.trickLeader = winner;
    this.turn = winner;
    if (this.tricks.length === HAND_SIZE) this.scoreDeal();
  }

  scoreDeal() {
    const points = dealPoints(this.taken);
    for (let seat = 0; seat < SEATS; seat += 1) this.totals[seat] += points[seat];
    this.scoreHistory.push(points);
    this.winners = gameWinners(this.totals, points, this.variant, this.target);
    this.phase = this.winners.length ? "game_over" : "deal_over";
    this.turn = null;
    const queenTaker = this.taken.findIndex((hand) => holds(hand, QUEEN_OF_SPADES));
    this.records.push({
      dealNumber: this.dealNumber,
      passDirection: this.passDirection,
      hands: this.dealt.map((hand) => [...hand]),
      passes: this.passes.map((hand) => (hand === null ? null : [...hand])),
      tricks: [...this.tricks],
      points,
      totals: [...this.totals],
      gameOver: this.winners.length > 0,
      winners: [...this.winners],
      moonShooter: moonShooter(this.taken),
      queenTaker: queenTaker >= 0 ? queenTaker : null,
    });
  }

  /** After a deal is scored and the game goes on: deal the next one. */
  applyNextDeal() {
    if (this.phase !== "deal_over") throw new errors.WrongPhaseError("start the next deal", this.phase);
    this.actions.push("next");
    this.startDeal(this.dealNumber + 1);
  }

  // -- actions as text (records, saved games) --------------------------------------------------------------------

  /**
   * Applies one action in text form: `pass 0 2C 3C 4C`, `play 2 QS` or `next`, read as the Python engine reads it.
   * @param {string} action
   */
  applyAction(action) {
    const words = pySplit(action);
    /** @type {() => void} */
    let apply;
    try {
      if (words.length === 1 && words[0] === "next") {
        apply = () => this.applyNextDeal();
      } else if (words.length === 5 && words[0] === "pass") {
        const seat = parseSeat(words[1]);
        const cards = words.slice(2).map(parseCardWord);
        apply = () => this.applyPass(seat, cards);
      } else if (words.length === 3 && words[0] === "play") {
        const seat = parseSeat(words[1]);
        const card = parseCardWord(words[2]);
        apply = () => this.applyPlay(seat, card);
      } else {
        throw new errors.GameRecordError(`${quoted(action)} is not an action (pass S C C C, play S C, next)`, { action });
      }
    } catch (error) {
      if (error instanceof errors.HeartsError) throw error;
      throw new errors.GameRecordError(`${quoted(action)}: ${/** @type {Error} */ (error).message}`, { action });
    }
    apply();
  }

  // -- saving ----------------------------------------------------------------------------------------------------

  /** @returns {GameData} the seed, the rules and every action so far (`Game.fromDict` replays it) */
  toDict() {
    return {
      version: RECORD_VERSION,
      seed: String(this.seed),
      variant: this.variant,
      target: this.target,
      first_deal: this.firstDeal,
      actions: [...this.actions],
    };
  }

  /**
   * Rebuilds a game from `toDict()`'s record, checking every action; throws `errors.GameRecordError`.
   * @param {Record<string, unknown>} data
   * @returns {Game}
   */
  static fromDict(data) {
    /** @param {string} field */
    const missing = (field) => new errors.GameRecordError(`missing or bad field: ${quoted(field)}`, { field });
    if (!("seed" in data)) throw missing("seed");
    if (!("variant" in data)) throw missing("variant");
    const { seed, variant, target, actions } = data;
    if (variant !== "classic" && variant !== "special") {
      throw new errors.GameRecordError(`missing or bad field: ${quoted(variant)} is not a variant`, { field: "variant" });
    }
    if (!("target" in data)) throw missing("target");
    if (!("actions" in data)) throw missing("actions");
    const firstDeal = "first_deal" in data ? data.first_deal : 1;
    if (data.version !== RECORD_VERSION) {
      throw new errors.GameRecordError(`unknown version ${quoted(data.version)}`, { version: data.version ?? null });
    }
    if (seedOf(seed) === null || !isWholeNumber(target) || !isWholeNumber(firstDeal) || !Array.isArray(actions)) {
      const numbers = { seed: seedOf(seed) !== null, target: isWholeNumber(target), first_deal: isWholeNumber(firstDeal) };
      const wrong = Object.entries(numbers).find(([, right]) => !right)?.[0] ?? "actions";
      throw new errors.GameRecordError("seed, target and first_deal must be integers and actions a list", { field: wrong });
    }
    /** @type {Game} */
    let game;
    try {
      game = new Game(/** @type {string} */ (seed), variant, target, firstDeal);
    } catch (error) {
      if (error instanceof errors.HeartsError) throw new errors.GameRecordError(error.message, { cause: error.key });
      throw error;
    }
    for (const [position, action] of actions.entries()) {
      if (typeof action !== "string") {
        throw new errors.GameRecordError(`action ${position + 1} is not text: ${quoted(action)}`, { at: position + 1 });
      }
      try {
        game.applyAction(action);
      } catch (error) {
        if (error instanceof errors.GameRecordError || !(error instanceof errors.HeartsError)) throw error;
        throw new errors.GameRecordError(`action ${position + 1} ${quoted(action)}: ${error.message}`, {
          at: position + 1,
          cause: error.key,
        });
      }
    }
    return game;
  }

  /**
   * What `seat` may know now.
   * @param {unknown} seat
   * @returns {Observation}
   */
  observation(seat) {
    const number = checkSeat(seat);
    const own = this.passes[number];
    /** @param {Trick} trick */
    const copy = (trick) => ({ leader: trick.leader, cards: [...trick.cards], winner: trick.winner });
    return {
      seat: number,
      variant: this.variant,
      target: this.target,
      dealNumber: this.dealNumber,
      phase: this.phase,
      passDirection: this.passDirection,
      hand: cardsOf(this.hands[number]),
      passed: own === null ? [] : cardsOf(own),
      received: cardsOf(this.received[number]),
      passesChosen: this.passes.map((given) => given !== null),
      tricks: this.tricks.map(copy),
      currentTrick:
        this.phase === "play" ? { leader: this.trickLeader, cards: [...this.trickCards], winner: null } : null,
      turn: this.turn,
      heartsBroken: this.heartsBroken,
      dealPoints: [...this.pointsSoFar],
      totals: [...this.totals],
      scoreHistory: this.scoreHistory.map((points) => [...points]),
      legal: cardsOf(this.legalHand(number)),
      winners: [...this.winners],
      earlierDeals: this.records
        .filter((record) => record.dealNumber < this.dealNumber)
        .map((record) => record.tricks.map(copy)),
    };
  }

  /**
   * @param {number} seat
   * @returns {string} the seat's hand as text, lowest card first
   */
  handText(seat) {
    return handText(this.hands[checkSeat(seat)]);
  }
}
