// The server, as seen from a Hearts page: the tables' JSON API (errors become ../api.js's ApiError with the
// server's translated message) and the live table socket, which says hello with the seat token, reconnects with a
// growing pause after a drop, and hands every server message to the page in order.

import { request } from "../common/api.js";
import { reportFallback } from "../common/report.js";

/** @import { PlayerRatings, Ratings, SeatAnswer, ServerMessage, TableInfo } from "./types.js" */

/**
 * @typedef {{variant: string, target: number, strength: string, mode: string, name: string, idle_seconds: number}} TableSpec
 */

/** @param {string} id */
const table = (id) => `/api/hearts/tables/${encodeURIComponent(id)}`;

/** The Hearts tables' HTTP API (docs/hearts-web-api.md). */
export const heartsApi = {
  /** @type {(spec: TableSpec) => Promise<SeatAnswer>} */
  create: (spec) => request("POST", "/api/hearts/tables", spec),
  /** @type {() => Promise<{tables?: TableInfo[]}>} */
  lobby: () => request("GET", "/api/hearts/tables"),
  /** @type {(id: string) => Promise<TableInfo>} */
  table: (id) => request("GET", table(id)),
  /** @type {(id: string, seat: number, name: string) => Promise<SeatAnswer>} */
  join: (id, seat, name) => request("POST", `${table(id)}/join`, { seat, name }),
  /** @type {(id: string, token: string) => Promise<TableInfo>} */
  start: (id, token) => request("POST", `${table(id)}/start`, undefined, { "X-Seat-Token": token }),
  /** @type {() => Promise<any>} */
  stats: () => request("GET", "/api/hearts/stats"),
  /** @type {(variant: string) => Promise<Ratings>} */
  ratings: (variant) => request("GET", `/api/hearts/ratings?variant=${encodeURIComponent(variant)}`),
  /** @type {(id: string, variant: string) => Promise<PlayerRatings>} */
  player: (id, variant) =>
    request("GET", `/api/hearts/players/${encodeURIComponent(id)}?variant=${encodeURIComponent(variant)}`),
  /** @type {(hidden: boolean) => Promise<{hidden: boolean}>} */
  setHidden: (hidden) => request("PUT", "/api/hearts/ratings/hidden", { hidden }),
};

const BACKOFF_MS = [300, 700, 1500, 3000, 5000, 8000];
const PING_MS = 20000;
/** The close code of a socket that reached a server other than its table's: the reason is that server's route. */
const MOVED_CLOSE = 4307;
/** Moves followed at once in a row (without a message between them); past that, the usual back-off. */
const MOVES_AT_ONCE = 3;

/** @typedef {"open" | "closed" | "gone"} LinkStatus */

/**
 * A live connection to one table. `onMessage(message)` gets every server message; `onStatus(status)` reports the
 * link ("gone" when the table does not exist, so retrying cannot help). `send()` while disconnected returns false (the page says so; nothing is queued, because the
 * server's next `state` after reconnecting is the truth).
 */
export class TableSocket {
  /**
   * @param {string} tableId
   * @param {{token?: string | null, route?: string | null, onMessage: (message: ServerMessage) => void, onStatus?: (status: LinkStatus) => void}} options
   *   `route`: the route the seating answer gave, for the first connection
   */
  constructor(tableId, { token = null, route = null, onMessage, onStatus }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.attempt = 0;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.closed = false;
    this.nextId = 1;
    this.timer = 0;
    this.ping = 0;
    /** @type {string | null} The route of the server that runs the table, as the seating or the last server said. */
    this.route = route;
    this.moves = 0;
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const route = this.route ? `?route=${encodeURIComponent(this.route)}` : "";
    return `${scheme}//${window.location.host}/ws/hearts/${encodeURIComponent(this.tableId)}${route}`;
  }

  connect() {
    this.closed = false;
    clearTimeout(this.timer);
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.attempt = 0;
      socket.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" }));
      clearInterval(this.ping);
      this.ping = window.setInterval(() => this.send({ type: "ping" }), PING_MS);
      this.onStatus?.("open");
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      this.moves = 0;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        reportFallback("Reading a message of the table's socket", error);
        return;
      }
      if (message && message.type !== "pong") this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      clearInterval(this.ping);
      this.socket = null;
      if (event.code === MOVED_CLOSE && event.reason && !this.closed && this.moves < MOVES_AT_ONCE) {
        // another server runs the table: the proxy takes the socket there (nothing was shown, nothing is lost)
        this.route = event.reason;
        this.moves += 1;
        this.connect();
        return;
      }
      this.route = null; // the table's server may have changed: any server finds it again
      if (event.code === 4404) this.closed = true; // no such table: retrying cannot help
      this.onStatus?.(this.closed ? "gone" : "closed");
      if (!this.closed) this.retry();
    });
    socket.addEventListener("error", () => socket.close());
  }

  retry() {
    const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.timer = window.setTimeout(() => this.connect(), wait);
  }

  /**
   * Say hello again with another token (after taking a seat) on a fresh connection.
   * @param {string | null} token
   */
  reconnectAs(token) {
    this.token = token;
    this.close();
    this.connect();
  }

  /**
   * Send `message` with a fresh id; false when not connected.
   * @param {{type: string} & Record<string, unknown>} message
   * @returns {number | false}
   */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ ...message, id }));
    return id;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.ping);
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
  }
}
