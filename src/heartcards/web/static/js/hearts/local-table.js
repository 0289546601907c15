// @ts-check
// A solo table on the device: what ./net.js's TableSocket is for a server table, fed by the engine in the browser
// instead of the socket. It takes the same messages (pass, play, next) and answers with the same `state` and `error`
// messages the server sends (hearts/tables/models.py's PublicTable and View), so the table page and its screens stay
// one. The computer players think in the bots' Web Worker with the seeds a server table gives them
// (./bots/seeds.js); every action is stored at once (./device-games.js), and a finished game is sent to the server
// to be checked and counted.

import { t } from "../common/i18n.js";
import { reportFallback } from "../common/report.js";
import { BotWorker } from "./bots/bot-worker.js";
import { decisionSeed } from "./bots/seeds.js";
import { syncDeviceGames, saveDeviceGame } from "./device-games.js";
import { Game, HeartsError, parseCard } from "./engine/index.js";
import { PERSON_SEAT, personView } from "./local-view.js";

/** @import { DeviceGame } from "./device-games.js" */
/** @import { LinkStatus } from "./net.js" */
/** @import { ServerMessage, StateMessage, TableInfo } from "./types.js" */

const BOT_NAMES = ["Ada", "Alan", "Grace"];
const RESERVE_NAMES = ["Hedy", "Kurt", "Mary", "Joan", "Linus", "Rosa"];

/**
 * The computer player's name at `seat` (hearts/tables/players.py `bot_name`): its own, unless someone at the table
 * goes by it, then the first free reserve name.
 * @param {number} seat
 * @param {string[]} taken
 */
export function botName(seat, taken) {
  const used = new Set(taken.map((name) => name.normalize("NFC").toLowerCase()));
  const own = BOT_NAMES[(seat - 1) % BOT_NAMES.length];
  return [own, ...RESERVE_NAMES].find((name) => !used.has(name.toLowerCase())) ?? `${own} ${seat}`;
}

export class LocalTable {
  /**
   * @param {DeviceGame} record the stored game, replayed from its actions
   * @param {{onMessage: (message: ServerMessage) => void, onStatus?: (status: LinkStatus) => void,
   *   botPauseMs?: () => number}} options
   */
  constructor(record, { onMessage, onStatus, botPauseMs = () => 300 }) {
    this.record = record;
    this.game = Game.fromDict({ version: 1, first_deal: 1, ...record });
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.botPauseMs = botPauseMs;
    /** @type {BotWorker | null} */
    this.bots = null;
    this.thinking = false;
    this.closed = true;
    this.nextId = 1;
  }

  /** @returns {TableInfo} the table as the server would describe it */
  table() {
    const name = this.record.name;
    const seats = [{ seat: PERSON_SEAT, name, kind: "human", connected: true, away: false }];
    for (let seat = 1; seat < 4; seat += 1) {
      seats.push({ seat, name: botName(seat, seats.map((taken) => taken.name)), kind: "bot", connected: false, away: false });
    }
    return {
      id: this.record.id,
      url: `/hearts/solo/${this.record.id}`,
      variant: this.record.variant,
      target: this.record.target,
      strength: /** @type {TableInfo["strength"]} */ (this.record.strength),
      mode: "solo",
      status: this.game.phase === "game_over" ? "finished" : "playing",
      idle_seconds: 0,
      created_at: this.record.createdAt,
      deal: this.game.dealNumber,
      seats: /** @type {TableInfo["seats"]} */ (seats),
    };
  }

  /** @returns {StateMessage} */
  state() {
    return { type: "state", table: this.table(), seat: PERSON_SEAT, view: personView(this.game) };
  }

  /** Show the game as it stands and let the computer players go on. */
  connect() {
    this.closed = false;
    this.bots ??= new BotWorker();
    this.onStatus?.("open");
    this.onMessage(this.state());
    this.drive();
  }

  /** The socket's reconnect with another token: on the device the seat is always the person's, so it shows again. */
  reconnectAs() {
    this.onMessage(this.state());
  }

  close() {
    this.closed = true;
    this.bots?.close();
    this.bots = null;
  }

  /**
   * The person's pass, card or `next`; answered like the server: a new `state`, or an `error` with its key.
   * @param {{type: string} & Record<string, unknown>} message
   * @returns {number}
   */
  send(message) {
    const id = this.nextId++;
    try {
      if (message.type === "pass") {
        const cards = Array.isArray(message.cards) ? message.cards.map((card) => parseCard(String(card))) : [];
        this.game.applyPass(PERSON_SEAT, cards);
      } else if (message.type === "play") {
        this.game.applyPlay(PERSON_SEAT, parseCard(String(message.card)));
      } else if (message.type === "next") {
        if (this.game.phase !== "deal_over") return id;
        this.game.applyNextDeal();
      } else {
        return id; // ping, back: nothing to do on the device
      }
    } catch (error) {
      if (!(error instanceof HeartsError)) throw error;
      const params = /** @type {Record<string, string | number>} */ (error.params);
      queueMicrotask(() => this.onMessage({ type: "error", key: error.key, message: t(error.key, params), id, params }));
      return id;
    }
    queueMicrotask(() => this.changed()); // answered after send() returns, as a socket's answer comes
    return id;
  }

  /** After any action: store it, show it, and let the computer players go on. */
  changed() {
    this.record.actions = [...this.game.actions];
    if (this.game.phase === "game_over" && this.record.sync === "playing") this.record.sync = "waiting";
    saveDeviceGame(this.record);
    this.onMessage(this.state());
    if (this.record.sync === "waiting") syncDeviceGames();
    this.drive();
  }

  /** @returns {number | null} the computer player due to act now, if any */
  dueBot() {
    const game = this.game;
    if (game.phase === "pass") {
      const seat = [1, 2, 3].find((number) => game.passes[number] === null);
      return seat ?? null;
    }
    return game.phase === "play" && game.turn !== PERSON_SEAT ? game.turn : null;
  }

  /** One computer player's decision at a time, each in the worker, applied only if the game did not move meanwhile. */
  async drive() {
    if (this.thinking || this.closed) return;
    const seat = this.dueBot();
    if (seat === null || !this.bots) return;
    this.thinking = true;
    const game = this.game;
    const version = game.actions.length;
    const started = performance.now();
    let applied = false;
    try {
      const seed = decisionSeed(game.seed, seat, version);
      const { cards } = await this.bots.decide(game.observation(seat), this.record.strength, seed, 1.0);
      const pause = this.botPauseMs() - (performance.now() - started);
      if (pause > 0) {
        await new Promise((resolve) => {
          setTimeout(resolve, pause);
        });
      }
      if (!this.closed && game.actions.length === version) {
        if (game.phase === "pass") game.applyPass(seat, cards);
        else game.applyPlay(seat, cards[0]);
        applied = true;
      }
    } catch (error) {
      if (!this.closed) reportFallback("A computer player's decision on the device", error);
      return;
    } finally {
      this.thinking = false;
    }
    if (applied) this.changed();
    else this.drive(); // the person acted meanwhile: the one due now decides afresh
  }
}
