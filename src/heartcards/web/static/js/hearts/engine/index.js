// @ts-check
// The Hearts rules in the browser: the same behaviour as the Python engine (heartcards.hearts.engine), which stays
// the authority on the server. tests/corpus/hearts.jsonl.gz holds the cases both engines must reproduce.

export {
  CARD_TEXTS,
  CLUBS,
  DIAMONDS,
  HEARTS,
  QUEEN_OF_SPADES,
  SPADES,
  TWO_OF_CLUBS,
  cardCount,
  cardsOf,
  emptyHand,
  handOf,
  handPoints,
  handText,
  holds,
  parseCard,
  suitOf,
} from "./cards.js";
export { dealHands, streamSeed } from "./deck.js";
export * from "./errors.js";
export { DEFAULT_TARGET, Game, RECORD_VERSION } from "./game.js";
export { observationToDict, trickToDict } from "./observation.js";
export * from "./rules.js";
