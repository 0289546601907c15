// @ts-check
// The Heart to Heart rules in the browser: the same behaviour as the Python engine (heartcards.heart_to_heart.engine),
// which stays the authority on the server. tests/corpus/ holds the cases both engines must reproduce.

export { Deal, MAX_NUMBER, formatCode, normalizeCode, parseCode } from "./deal.js";
export * from "./errors.js";
export { Game, SAME_RANK_MESSAGE, STATUS, STOCK, UNDO_LIMIT, WASTE } from "./game.js";
export { HEART_SIZE, REMOVED_SETS, SLOTS, freeMask, freePositions } from "./layout.js";
export { PairMove, STOCK_TAP, StockTap, WasteMove, formatMoves, parseMove, parseMoves, sameMove } from "./moves.js";
export { SplitMix64 } from "../../common/prng.js";
export { RANK_TEXTS, rankOf, rankText } from "./ranks.js";
export { orderWinnable } from "./reach.js";
