// The shapes of the JSON the pages get from the server, for the type check (`tsc --checkJs`). They are the published
// schema's (`docs/openapi.json`), generated into `openapi.d.ts` by `npm run api-types` (a test checks it is current),
// named here once. Nothing runs here; modules name these types with `@import` comments, so the browser never loads
// this file.

/** @import { components } from "./openapi.js" */

/**
 * The Heart to Heart API's answers (`/api/h2h/…`).
 * @typedef {components["schemas"]["GameView"]} GameView
 * @typedef {components["schemas"]["HeartCard"]} HeartCard
 * @typedef {components["schemas"]["Tap"]} TapResult
 * @typedef {components["schemas"]["TapAnswer"]} TapAnswer
 * @typedef {components["schemas"]["HintAnswer"]} HintAnswer
 * @typedef {components["schemas"]["UndoAnswer"]} UndoAnswer
 * @typedef {components["schemas"]["MovesAnswer"]} MovesAnswer
 * @typedef {components["schemas"]["Daily"]} Daily
 * @typedef {components["schemas"]["DailyWin"]} DailyWin
 */

/**
 * A Heart to Heart position as the play page draws it: the server's game view, or a replay frame of the same shape.
 * @typedef {Pick<GameView, "heart" | "stock" | "waste"> & Partial<Pick<GameView, "selection" | "help">>} BoardState
 */

/**
 * A place a tap can land on: a heart position (1–25), the stock or the waste.
 * @typedef {components["schemas"]["TapRequest"]["target"]} Target
 */

/**
 * A Hearts table as the server describes it, and what its socket sends.
 * @typedef {components["schemas"]["PublicSeat"]} SeatInfo
 * @typedef {components["schemas"]["PublicTable"]} TableInfo
 * @typedef {components["schemas"]["TrickCards"]} Trick
 * @typedef {components["schemas"]["FinishedTrick"]} FinishedTrick
 * @typedef {components["schemas"]["View"]} HeartsView
 * @typedef {components["schemas"]["StateMessage"]} StateMessage
 * @typedef {components["schemas"]["ErrorMessage"]} ErrorMessage
 * @typedef {components["schemas"]["HeartsServerMessage"]} ServerMessage
 */

export {};

/**
 * Hearts ratings (`/api/hearts/ratings`, `/api/hearts/players/{id}`).
 * @typedef {{id: string, name: string | null, computer: boolean, rating: number, games: number, place: number}} RatedPlayer
 * @typedef {{variant: string, players: RatedPlayer[], me: (RatedPlayer & {hidden: boolean}) | null}} Ratings
 * @typedef {{table: string, place: number, left: boolean, rating: number, at: string}} RatingPoint
 * @typedef {{variant: string, player: RatedPlayer, history: RatingPoint[]}} PlayerRatings
 */
