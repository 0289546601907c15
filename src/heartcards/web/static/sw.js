/* global self, caches, fetch, URL, Request */
// Heart Cards' service worker, served at /sw.js so that its scope is the whole site. One visit stores what the
// Heart to Heart pages need (pages, scripts, styles, cards, the three catalogs); after it the app opens with no
// network and the play page runs the rules on the device. The server writes VERSION (a digest of the static files),
// PRECACHE (the paths to store) and SHELLS (the stored page of every address under a prefix) into this file: a new
// deploy is a new worker, which stores the new files and deletes the old cache when it takes over.
// What it keeps is the app and nothing else: the static files, the catalogs, and the pages of PRECACHE (shells that
// hold no one's data), each under its own path. An address under a shell's prefix is answered by the network, else
// by the stored shell, and is never stored itself; any other address (an API answer opened in the address bar, the
// account page, a person's statistics) is left to the network, so the cache never holds what one person saw for the
// next one who opens the browser. The API is never cached (a failed request is how a page knows it is offline),
// except the catalogs, which fall back to the stored copy. When the player changes, the page says so
// (`identity-changed`, from js/common/identity.js) and the worker drops everything it stored and stores the app again.

const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__".split(" ");
const SHELLS = "__SHELLS__".split(" ").map((pair) => pair.split("="));
const CACHE = `heartcards-${VERSION}`;
const PAGES = new Set(PRECACHE.filter((path) => !path.startsWith("/static/") && !path.startsWith("/api/")));

/** Store the app (the pages' shells, the static files, the catalogs), each fetched afresh. */
async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "reload" })));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("heartcards-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "identity-changed") event.waitUntil(renew());
});

/** Drop every stored answer, then store the app again (what is missing offline is stored as it is next fetched). */
async function renew() {
  const keys = await caches.keys();
  await Promise.all(keys.filter((key) => key.startsWith("heartcards-")).map((key) => caches.delete(key)));
  try {
    await precache();
  } catch {
    // offline: each page and file is stored again as it is next fetched
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(cacheFirst(request, url.pathname));
  else if (url.pathname.startsWith("/api/i18n/")) event.respondWith(networkFirst(request, url.pathname, true));
  else if (request.mode !== "navigate" || url.pathname.startsWith("/api/")) return;
  else if (PAGES.has(url.pathname)) event.respondWith(networkFirst(request, url.pathname, true));
  else {
    const shell = shellOf(url.pathname);
    if (shell) event.respondWith(networkElse(request, shell));
  }
});

/**
 * The stored page that serves any address of the same shell (every /play/CODE is the play page, every /replay/ID
 * the replay page).
 * @param {string} path
 * @returns {string | null}
 */
function shellOf(path) {
  const shell = SHELLS.find(([prefix]) => path.startsWith(prefix));
  return shell ? shell[1] : null;
}

/**
 * A static file from the cache, else from the network (and stored).
 * @param {Request} request
 * @param {string} key
 */
async function cacheFirst(request, key) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(key);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) await cache.put(key, response.clone());
  return response;
}

/**
 * The network's answer (stored under `key` when `store` and it is a success), else the stored one.
 * @param {Request} request
 * @param {string} key
 * @param {boolean} store
 */
async function networkFirst(request, key, store) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (store && response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const stored = await cache.match(key);
    if (stored) return stored;
    throw error;
  }
}

/**
 * The network's answer, never stored, else the stored shell of the same page.
 * @param {Request} request
 * @param {string} shell
 */
async function networkElse(request, shell) {
  try {
    return await fetch(request);
  } catch (error) {
    const stored = await (await caches.open(CACHE)).match(shell);
    if (stored) return stored;
    throw error;
  }
}
