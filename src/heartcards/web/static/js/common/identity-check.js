// Loaded by every page before its entry module (templates/common/base.html): the identity check (identity.js) runs
// before any page reads what the device keeps. A change made in another tab reloads this one, so no page goes on
// showing the previous player's game.

import { KNOWN_KEY, checkIdentity } from "./identity.js";

checkIdentity();
window.addEventListener("storage", (event) => {
  if (event.key === KNOWN_KEY) window.location.reload();
});
