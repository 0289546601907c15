// The shapes of the JSON the pages get from the server, as JSDoc types for the type check (`tsc --checkJs`).
// Nothing runs here; modules name these types with `@import` comments, so the browser never loads this file.

/**
 * A Heart to Heart position as the play page draws it: the server's game view, or a replay frame of the same shape.
 * @typedef {object} HeartCard
 * @property {number} pos
 * @property {string} rank
 * @property {boolean} free
 *
 * @typedef {object} BoardState
 * @property {(HeartCard | null)[]} heart 25 entries, null where a card has been removed
 * @property {{count: number}} stock
 * @property {{count: number, top: string | null, below: string | null}} waste
 * @property {number | "waste" | null} [selection]
 * @property {{outlined: number[], dimmed: (number | "waste")[]}} [help]
 */

/**
 * The server's view of one game (`/api/h2h/games/…`).
 * @typedef {BoardState & {
 *   id: string, code: string, status: "playing" | "won" | "stalled", score: number, moves: number, seconds: number,
 *   assisted: boolean, can_undo: boolean, par: number | null, daily: boolean, record: string,
 * }} GameView
 *
 * @typedef {{outcome: string, move: string | null, message: string | null}} TapResult
 * @typedef {{view: GameView, tap: TapResult}} TapAnswer
 * @typedef {{view: GameView, hint: string | null}} HintAnswer
 * @typedef {{view: GameView}} ViewAnswer
 * @typedef {{view: GameView, stored: number}} MovesAnswer
 */

/**
 * Today's deal for the asking player (`/api/h2h/daily`): who won it, the par, the streak and the calendar.
 * @typedef {{place: number, name: string | null, moves: number, seconds: number, hints: number, me: boolean}} DailyWin
 * @typedef {{
 *   date: string, code: string, par: number | null, ranking: DailyWin[], streak: number, played: boolean,
 *   calendar: {date: string, won: boolean}[],
 * }} Daily
 */

/**
 * A place a tap can land on: a heart position (1–25), the stock or the waste.
 * @typedef {number | "stock" | "waste"} Target
 */

/**
 * A Hearts table as the server describes it.
 * @typedef {{seat: number, name: string | null, kind: "empty" | "human" | "bot", connected?: boolean, away?: boolean}} SeatInfo
 * @typedef {{
 *   id: string, url?: string, variant: string, target: number, strength: string, mode: string,
 *   status: "waiting" | "playing" | "finished", idle_seconds?: number, created_at?: string, deal?: number | null,
 *   seats: SeatInfo[],
 * }} TableInfo
 * @typedef {{leader: number, cards: string[]}} Trick
 * @typedef {Trick & {winner: number}} FinishedTrick
 */

/**
 * What one seat sees of a Hearts deal.
 * @typedef {{
 *   phase: "pass" | "play" | "deal_over" | "game_over", deal: number, pass_direction: string,
 *   waiting_for_pass?: number[], turn: number | null, trick: Trick | null, last_trick: FinishedTrick | null,
 *   hearts_broken: boolean, counts: number[], taken_points: number[], scores: number[][], totals: number[],
 *   moon: number | null, winners: number[], extension: string | null, ready?: number[],
 *   hand: string[], legal: string[], passed: string[] | null, received: string[] | null,
 * }} HeartsView
 */

/**
 * The messages a Hearts table's socket sends.
 * @typedef {{type: "state", table: TableInfo, seat: number | null, view: HeartsView | null}} StateMessage
 * @typedef {{type: "error", key: string, message?: string}} ErrorMessage
 * @typedef {StateMessage | ErrorMessage | {type: "pong"}} ServerMessage
 */

export {};

/**
 * Hearts ratings (`/api/hearts/ratings`, `/api/hearts/players/{id}`).
 * @typedef {{id: string, name: string | null, computer: boolean, rating: number, games: number, place: number}} RatedPlayer
 * @typedef {{variant: string, players: RatedPlayer[], me: (RatedPlayer & {hidden: boolean}) | null}} Ratings
 * @typedef {{table: string, place: number, left: boolean, rating: number, at: string}} RatingPoint
 * @typedef {{variant: string, player: RatedPlayer, history: RatingPoint[]}} PlayerRatings
 */
