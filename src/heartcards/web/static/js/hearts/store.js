// What this browser remembers about Hearts, in localStorage: the secret seat token per table, the display name,
// and the table settings (trick speed). Private mode without storage still works for the page's lifetime.

const memory = new Map();

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

const tokenKey = (tableId) => `hc_hearts_token_${tableId}`;
const seatKey = (tableId) => `hc_hearts_seat_${tableId}`;

/** {token, seat} this browser holds at a table, or null. The token is stored as it is, under hc_hearts_token_<id>. */
export function loadSeat(tableId) {
  const token = read(tokenKey(tableId));
  if (!token) return null;
  const seat = Number.parseInt(read(seatKey(tableId)) ?? "", 10);
  return { token, seat: seat >= 0 && seat <= 3 ? seat : null };
}

export function saveSeat(tableId, token, seat) {
  write(tokenKey(tableId), token);
  write(seatKey(tableId), seat === null || seat === undefined ? null : String(seat));
}

export function forgetSeat(tableId) {
  write(tokenKey(tableId), null);
  write(seatKey(tableId), null);
}

export function loadName() {
  return read("hc_hearts_name") || "";
}

export function saveName(name) {
  write("hc_hearts_name", name.trim().slice(0, 24));
}

export const SPEEDS = ["slow", "normal", "fast"];
const SETTINGS_KEY = "hc_hearts_settings";
const DEFAULTS = Object.freeze({ speed: "normal", variant: "classic", target: 100, strength: "normal", idle: 60 });

export function loadSettings() {
  let stored = {};
  try {
    stored = JSON.parse(read(SETTINGS_KEY) || "{}") || {};
  } catch {
    stored = {};
  }
  const settings = { ...DEFAULTS };
  if (SPEEDS.includes(stored.speed)) settings.speed = stored.speed;
  if (["classic", "special"].includes(stored.variant)) settings.variant = stored.variant;
  if ([50, 75, 100].includes(stored.target)) settings.target = stored.target;
  if (["easy", "normal", "strong"].includes(stored.strength)) settings.strength = stored.strength;
  if ([30, 60, 120, 300].includes(stored.idle)) settings.idle = stored.idle;
  return settings;
}

export function saveSettings(settings) {
  write(SETTINGS_KEY, JSON.stringify(settings));
}

const HOLD_MS = { slow: 2600, normal: 1500, fast: 500 };
const MOVE_MS = { slow: 520, normal: 340, fast: 160 };

export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** How long a finished trick stays on the table (it stays readable even with reduced motion). */
export function holdMs(settings) {
  return HOLD_MS[settings.speed] ?? HOLD_MS.normal;
}

/** How long a card takes to slide; 0 when the person prefers reduced motion. */
export function moveMs(settings) {
  return reducedMotion() ? 0 : (MOVE_MS[settings.speed] ?? MOVE_MS.normal);
}

/** The ids of the tables this browser holds a seat at (most recently stored last). */
export function seatTables() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith("hc_hearts_token_")) ids.push(key.slice("hc_hearts_token_".length));
    }
  } catch {
    for (const key of memory.keys()) if (key.startsWith("hc_hearts_token_")) ids.push(key.slice(16));
  }
  return ids;
}
