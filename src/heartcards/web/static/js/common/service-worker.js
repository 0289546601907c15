// Installs the service worker (/sw.js, served from the site root so its scope covers every page): after one visit
// the Heart to Heart pages open with no network. Registered once the page is drawn, so the first page's own loading
// never waits on the worker's downloads.

import { reportFallback } from "./report.js";

/** Register the worker where the browser has them (a page served over http to another machine does not). */
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register("/sw.js")
    .catch((error) => reportFallback("Installing the offline service worker", error));
}
