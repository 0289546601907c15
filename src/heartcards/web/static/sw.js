/* global self, caches, fetch, URL, Request */
// Heart Cards' service worker, served at /sw.js so that its scope is the whole site. One visit stores what the
// Heart to Heart pages need (pages, scripts, styles, cards, the three catalogs); after it the app opens with no
// network and the play page runs the rules on the device. The server writes VERSION (a digest of the static files),
// PRECACHE (the paths to store) and SHELLS (the stored page of every address under a prefix) into this file: a new
// deploy is a new worker, which stores the new files and deletes the old cache when it takes over. The API is never
// cached (a failed request is how a page knows it is offline), except the catalogs, which fall back to the stored
// copy.

const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__".split(" ");
const SHELLS = "__SHELLS__".split(" ").map((pair) => pair.split("="));
const CACHE = `heartcards-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("heartcards-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(cacheFirst(request, url.pathname));
  else if (request.mode === "navigate") event.respondWith(networkFirst(request, url.pathname, shellOf(url.pathname)));
  else if (url.pathname.startsWith("/api/i18n/")) event.respondWith(networkFirst(request, url.pathname, null));
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
 * The network's answer (stored for next time), else the stored one, else the stored shell of the same page.
 * @param {Request} request
 * @param {string} key
 * @param {string | null} shell
 */
async function networkFirst(request, key, shell) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const stored = (await cache.match(key)) || (shell && (await cache.match(shell)));
    if (stored) return stored;
    throw error;
  }
}
