// The shapes of the JSON the Heart to Heart pages get from the server (`/api/h2h/…`), for the type check
// (`tsc --checkJs`). They are the published schema's (`docs/openapi.json`), generated into `types/openapi.d.ts`
// by `npm run api-types` (a test checks it is current), named here once. Nothing runs here; modules name these types
// with `@import` comments.

/** @import { components } from "openapi" */

/**
 * The Heart to Heart API's answers.
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

export {};
