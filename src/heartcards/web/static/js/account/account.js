// The Account page: an offer to guests (create an account with a passkey, sign in, link with a code, recover), and
// for a signed-in device its passkeys, devices, link codes, recovery codes, export and erasure.

import { request } from "../common/api.js";
import { startPage } from "../common/chrome.js";
import { confirmed } from "../common/dialogs.js";
import { byId, find } from "../common/dom.js";
import { formatClock, formatDate } from "../common/format.js";
import { t, tn } from "../common/i18n.js";
import { adoptIdentity, checkIdentity } from "../common/identity.js";
import { errorText } from "../common/report.js";
import { createPasskey, passkeysAvailable, usePasskey } from "./passkeys.js";

/**
 * @typedef {{signed_in: boolean, name: string | null, passkeys: number, devices: number}} Summary
 * @typedef {{id: string, name: string, created_at: string, last_used_at: string | null}} Passkey
 * @typedef {{id: string, label: string, created_at: string, last_seen_at: string, current: boolean}} Device
 * @typedef {{name: string, created_at: string, passkeys: Passkey[], devices: Device[], recovery_codes_left: number}} Details
 */

/** @type {Record<string, string>} */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** @param {unknown} value */
const escape = (value) => String(value).replace(/[&<>"]/g, (c) => ENTITIES[c]);

const root = byId("account");
const status = byId("status");
let lang = "en";

/** @param {string} message */
function say(message) {
  status.textContent = message;
}

/** @param {unknown} error */
function sayError(error) {
  if (error instanceof DOMException) say(t("account.ui.passkey_cancelled"));
  else say(errorText(error, "The account's action"));
}

/**
 * Run an action from a button, with the button busy meanwhile and any error said.
 * @param {HTMLButtonElement} button
 * @param {() => Promise<void>} action
 */
async function busy(button, action) {
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    await action();
  } catch (error) {
    sayError(error);
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

/** @param {string} iso */
const when = (iso) => formatDate(iso, lang);

/** @param {string} selector */
const button = (selector) => find(root, selector, HTMLButtonElement);

/** @param {string} selector */
const input = (selector) => find(root, selector, HTMLInputElement);

/** @param {string[]} codes */
function recoveryCodes(codes) {
  if (!codes.length) return "";
  const items = codes.map((code) => `<li><code>${escape(code)}</code></li>`).join("");
  return (
    `<section class="recovery" data-role="recovery-codes" aria-labelledby="recovery-new" tabindex="-1">` +
    `<h2 id="recovery-new">${t("account.ui.recovery_new_title")}</h2>` +
    `<p>${t("account.ui.recovery_new_note")}</p><ol class="codes">${items}</ol></section>`
  );
}

function guestView() {
  const noPasskeys = passkeysAvailable() ? "" : `<p class="notice">${t("account.ui.no_passkeys")}</p>`;
  const disabled = passkeysAvailable() ? "" : " disabled";
  return (
    `<h1>${t("account.ui.title")}</h1>` +
    `<section class="offer" aria-labelledby="offer-title"><h2 id="offer-title">${t("account.ui.offer_title")}</h2>` +
    `<p>${t("account.ui.offer_text")}</p>${noPasskeys}` +
    `<div class="field"><label for="account-name">${t("account.ui.name")}</label>` +
    `<input id="account-name" data-role="name" maxlength="24" autocomplete="nickname" value="${escape(t("account.ui.default_name"))}"></div>` +
    `<p><button type="button" class="button primary" data-action="create-account"${disabled}>${t("account.ui.create")}</button></p></section>` +
    `<section aria-labelledby="sign-in-title"><h2 id="sign-in-title">${t("account.ui.sign_in_title")}</h2>` +
    `<p>${t("account.ui.sign_in_text")}</p>` +
    `<p><button type="button" class="button" data-action="sign-in"${disabled}>${t("account.ui.sign_in")}</button></p></section>` +
    `<section aria-labelledby="link-title"><h2 id="link-title">${t("account.ui.use_link_title")}</h2>` +
    `<p>${t("account.ui.use_link_text")}</p><div class="field inline"><label for="link-code">${t("account.ui.link_code")}</label>` +
    `<input id="link-code" data-link-code-input maxlength="12" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false">` +
    `<button type="button" class="button" data-action="use-link-code">${t("account.ui.use_link")}</button></div></section>` +
    `<section aria-labelledby="recover-title"><h2 id="recover-title">${t("account.ui.recover_title")}</h2>` +
    `<p>${t("account.ui.recover_text")}</p><div class="field inline"><label for="recovery-code">${t("account.ui.recovery_code")}</label>` +
    `<input id="recovery-code" data-recovery-code-input maxlength="24" autocomplete="off" autocapitalize="characters" spellcheck="false">` +
    `<button type="button" class="button" data-action="use-recovery-code">${t("account.ui.recover")}</button></div></section>`
  );
}

/**
 * A device's label as the server made it ("Firefox · Android", names that read alike in every language), or this
 * language's words for a device it could not name.
 * @param {string} label
 */
function deviceName(label) {
  return label || t("account.ui.unknown_device");
}

/**
 * @param {Details} details
 * @param {string[]} codes
 */
function accountView(details, codes) {
  const passkeys = details.passkeys
    .map(
      (key) =>
        `<li data-passkey="${escape(key.id)}"><span class="what">${escape(deviceName(key.name))}</span>` +
        `<span class="when">${t("account.ui.created", { date: when(key.created_at) })}` +
        (key.last_used_at ? ` · ${t("account.ui.last_used", { date: when(key.last_used_at) })}` : "") +
        `</span>` +
        (details.passkeys.length > 1
          ? `<button type="button" class="button small" data-action="remove-passkey" aria-label="${escape(t("account.ui.remove_passkey_named", { name: deviceName(key.name) }))}">${t("account.ui.remove")}</button>`
          : "") +
        `</li>`,
    )
    .join("");
  const devices = details.devices
    .map(
      (device) =>
        `<li data-device="${escape(device.id)}"><span class="what">${escape(deviceName(device.label))}</span>` +
        `<span class="when">${t("account.ui.last_seen", { date: when(device.last_seen_at) })}</span>` +
        (device.current
          ? `<span class="badge">${t("account.ui.this_device")}</span>`
          : `<button type="button" class="button small" data-action="sign-out-device" aria-label="${escape(t("account.ui.sign_out_named", { name: deviceName(device.label) }))}">${t("account.ui.sign_out_one")}</button>`) +
        `</li>`,
    )
    .join("");
  const others = details.devices.length > 1
    ? `<p><button type="button" class="button" data-action="sign-out-others">${t("account.ui.sign_out_others")}</button></p>`
    : "";
  return (
    `<h1>${t("account.ui.title")}</h1>` +
    `<p class="signed-in" data-role="signed-in">${t("account.ui.signed_in_as", { name: escape(details.name) })}</p>` +
    recoveryCodes(codes) +
    `<section aria-labelledby="name-title"><h2 id="name-title">${t("account.ui.name")}</h2>` +
    `<div class="field inline"><label class="sr-only" for="account-name">${t("account.ui.name")}</label>` +
    `<input id="account-name" data-role="name" maxlength="24" value="${escape(details.name)}">` +
    `<button type="button" class="button" data-action="rename">${t("account.ui.save_name")}</button></div></section>` +
    `<section aria-labelledby="passkeys-title"><h2 id="passkeys-title">${t("account.ui.passkeys")}</h2>` +
    `<ul class="items" data-role="passkeys">${passkeys}</ul>` +
    `<p><button type="button" class="button" data-action="add-passkey">${t("account.ui.add_passkey")}</button></p></section>` +
    `<section aria-labelledby="devices-title"><h2 id="devices-title">${t("account.ui.devices")}</h2>` +
    `<ul class="items" data-role="devices">${devices}</ul>${others}</section>` +
    `<section aria-labelledby="link-title"><h2 id="link-title">${t("account.ui.link_title")}</h2>` +
    `<p>${t("account.ui.link_text")}</p>` +
    `<p><button type="button" class="button" data-action="link-device">${t("account.ui.link_device")}</button></p>` +
    `<div class="link-code" data-role="link" hidden></div></section>` +
    `<section aria-labelledby="codes-title"><h2 id="codes-title">${t("account.ui.recovery_title")}</h2>` +
    `<p data-role="recovery-left">${tn("account.ui.recovery_left", details.recovery_codes_left)}</p>` +
    `<p><button type="button" class="button" data-action="renew-recovery-codes">${t("account.ui.renew_codes")}</button></p></section>` +
    `<section aria-labelledby="data-title"><h2 id="data-title">${t("account.ui.data_title")}</h2>` +
    `<p>${t("account.ui.data_text")}</p>` +
    `<p class="actions"><a class="button" data-action="export" href="/api/account/export" download>${t("account.ui.export")}</a>` +
    `<button type="button" class="button danger" data-action="delete-account">${t("account.ui.delete")}</button></p></section>` +
    `<p><button type="button" class="button" data-action="sign-out">${t("account.ui.sign_out")}</button></p>`
  );
}

/**
 * Draw the page for the device's state; `codes` are new recovery codes to show once.
 * @param {string[]} [codes]
 */
async function draw(codes = []) {
  /** @type {Summary} */
  const summary = await request("GET", "/api/account");
  if (!summary.signed_in) {
    root.innerHTML = guestView();
    wireGuest();
  } else {
    /** @type {Details} */
    const details = await request("GET", "/api/account/details");
    root.innerHTML = accountView(details, codes);
    wireAccount();
    if (codes.length) find(root, '[data-role="recovery-codes"]').focus();
  }
  document.body.dataset.signedIn = String(summary.signed_in);
}

/** @param {string} message */
async function signedIn(message, codes = /** @type {string[]} */ ([])) {
  await draw(codes);
  say(message);
}

function wireGuest() {
  const link = new URLSearchParams(location.search).get("link");
  if (link) {
    input("[data-link-code-input]").value = link;
    button('[data-action="use-link-code"]').focus();
  }
  const create = button('[data-action="create-account"]');
  create.addEventListener("click", () =>
    busy(create, async () => {
      const name = input('[data-role="name"]').value.trim() || t("account.ui.default_name");
      const options = await request("POST", "/api/account/register/options", { name });
      const credential = await createPasskey(options.public_key);
      const answer = await request("POST", "/api/account/register", { credential, name });
      adoptIdentity();
      await signedIn(t("account.ui.created_message"), answer.recovery_codes);
    }),
  );
  const signIn = button('[data-action="sign-in"]');
  signIn.addEventListener("click", () =>
    busy(signIn, async () => {
      const options = await request("POST", "/api/account/sign-in/options");
      const credential = await usePasskey(options.public_key);
      await request("POST", "/api/account/sign-in", { credential });
      adoptIdentity();
      await signedIn(t("account.ui.signed_in_message"));
    }),
  );
  /** @type {[string, string, string][]} */
  const codeForms = [
    ['[data-action="use-link-code"]', "[data-link-code-input]", "/api/account/link-codes/use"],
    ['[data-action="use-recovery-code"]', "[data-recovery-code-input]", "/api/account/recovery-codes/use"],
  ];
  for (const [action, field, path] of codeForms) {
    const use = button(action);
    const typed = input(field);
    const submit = () =>
      busy(use, async () => {
        await request("POST", path, { code: typed.value });
        adoptIdentity();
        if (location.search) history.replaceState(null, "", location.pathname);
        await signedIn(t("account.ui.signed_in_message"));
      });
    use.addEventListener("click", submit);
    typed.addEventListener("keydown", (event) => {
      if (event.key === "Enter") submit();
    });
  }
}

function wireAccount() {
  const on = (/** @type {string} */ action, /** @type {(b: HTMLButtonElement) => Promise<void>} */ run) => {
    for (const element of root.querySelectorAll(`[data-action="${action}"]`)) {
      const target = /** @type {HTMLButtonElement} */ (element);
      target.addEventListener("click", () => busy(target, () => run(target)));
    }
  };
  on("rename", async () => {
    await request("PATCH", "/api/account", { name: input('[data-role="name"]').value });
    await signedIn(t("account.ui.saved"));
  });
  on("add-passkey", async () => {
    const options = await request("POST", "/api/account/register/options", {});
    const credential = await createPasskey(options.public_key);
    await request("POST", "/api/account/register", { credential });
    await signedIn(t("account.ui.passkey_added"));
  });
  on("remove-passkey", async (target) => {
    const id = target.closest("li")?.getAttribute("data-passkey") || "";
    await request("DELETE", `/api/account/passkeys/${encodeURIComponent(id)}`);
    await signedIn(t("account.ui.passkey_removed"));
  });
  on("sign-out-device", async (target) => {
    const id = target.closest("li")?.getAttribute("data-device") || "";
    await request("POST", `/api/account/devices/${encodeURIComponent(id)}/sign-out`);
    checkIdentity(); // this device's own session: it plays as a guest now
    await signedIn(t("account.ui.device_signed_out"));
  });
  on("sign-out-others", async () => {
    await request("POST", "/api/account/devices/sign-out-others");
    await signedIn(t("account.ui.device_signed_out"));
  });
  on("link-device", async () => {
    const link = await request("POST", "/api/account/link-codes");
    const box = find(root, '[data-role="link"]');
    box.hidden = false;
    box.innerHTML =
      `<p>${t("account.ui.link_shown")}</p><p class="code" data-link-code>${escape(link.code)}</p>` +
      `<img class="qr" src="${escape(link.qr_svg)}" width="200" height="200" alt="${escape(t("account.ui.qr_alt"))}">` +
      `<p class="when">${t("account.ui.link_expires", { time: formatClock(link.expires_at, lang) })}</p>`;
    say(t("account.ui.link_ready", { code: link.code.split("").join(" ") }));
  });
  on("renew-recovery-codes", async () => {
    const renew = t("account.ui.renew_codes");
    if (!(await confirmed({ title: renew, body: t("account.ui.renew_confirm"), action: renew }))) return;
    const answer = await request("POST", "/api/account/recovery-codes");
    await signedIn(t("account.ui.codes_renewed"), answer.codes);
  });
  on("delete-account", async () => {
    const remove = t("account.ui.delete");
    const asked = { title: remove, body: t("account.ui.delete_confirm"), action: remove, danger: true };
    if (!(await confirmed(asked))) return;
    await request("DELETE", "/api/account");
    checkIdentity();
    await signedIn(t("account.ui.deleted"));
  });
  on("sign-out", async () => {
    await request("POST", "/api/account/sign-out");
    checkIdentity();
    await signedIn(t("account.ui.signed_out"));
  });
}

async function main() {
  lang = await startPage("account", "account.ui.title");
  try {
    await draw();
  } catch (error) {
    root.innerHTML = `<h1>${t("account.ui.title")}</h1>`;
    sayError(error);
  }
  document.body.dataset.ready = "true";
}

main();
