// The shapes of the JSON the Hearts pages get from the server (`/api/hearts/…` and the table's socket), for the type
// check (`tsc --checkJs`). They are the published schema's (`docs/openapi.json`), generated into `types/openapi.d.ts`
// by `npm run api-types` (a test checks it is current), named here once. Nothing runs here; modules name these types
// with `@import` comments.

/** @import { components } from "openapi" */

/**
 * A Hearts table as the server describes it, and what its socket sends.
 * @typedef {components["schemas"]["PublicSeat"]} SeatInfo
 * @typedef {components["schemas"]["PublicTable"]} TableInfo
 * @typedef {components["schemas"]["Seating"]} SeatAnswer
 * @typedef {components["schemas"]["TrickCards"]} Trick
 * @typedef {components["schemas"]["FinishedTrick"]} FinishedTrick
 * @typedef {components["schemas"]["View"]} HeartsView
 * @typedef {components["schemas"]["StateMessage"]} StateMessage
 * @typedef {components["schemas"]["ErrorMessage"]} ErrorMessage
 * @typedef {components["schemas"]["HeartsServerMessage"]} ServerMessage
 */

/**
 * Hearts ratings (`/api/hearts/ratings`, `/api/hearts/players/{id}`).
 * @typedef {{id: string, name: string | null, computer: boolean, rating: number, games: number, place: number}} RatedPlayer
 * @typedef {{variant: string, players: RatedPlayer[], me: (RatedPlayer & {hidden: boolean}) | null}} Ratings
 * @typedef {{table: string, place: number, left: boolean, rating: number, at: string}} RatingPoint
 * @typedef {{variant: string, player: RatedPlayer, history: RatingPoint[]}} PlayerRatings
 */

export {};
