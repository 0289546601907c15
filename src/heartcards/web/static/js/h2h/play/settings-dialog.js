// The play page's Settings dialog: Placement help, Move errors, language, animation speed, deal mode, and the daily
// deal. Each change is saved at once (the language reloads the page in it).

import { openDialog } from "../../common/dialogs.js";
import { element, find } from "../../common/dom.js";
import { LANGUAGES, currentLanguage, switchLanguage, t } from "../../common/i18n.js";
import { ANIMATION_SPEEDS, choice, saveSettings } from "../../common/settings.js";

/** @import { Settings } from "../../common/settings.js" */

/**
 * Put what `input` now says into the settings.
 * @param {HTMLInputElement} input
 * @param {Settings["heartToHeart"]} chosen
 */
function apply(input, chosen) {
  const name = input.name;
  if (name === "placementHelp" || name === "moveErrors") chosen[name] = choice("heartToHeart", name, input.checked);
  else if (name === "animation") chosen.animation = choice("heartToHeart", name, input.value);
  else if (name === "dealMode") chosen.dealMode = choice("heartToHeart", name, input.value);
}

/**
 * Open the dialog on `settings`, which it changes in place and saves; `onChange` is told after each change and
 * `onDaily` when the daily deal is asked for.
 * @param {Settings} settings
 * @param {{onChange: () => void, onDaily: () => void}} handlers
 */
export function openSettingsDialog(settings, { onChange, onDaily }) {
  const s = settings.heartToHeart;
  const body = element("div", "settings");
  const speedChoices = ANIMATION_SPEEDS.map(
    (speed) =>
      `<label><input type="radio" name="animation" value="${speed}"${s.animation === speed ? " checked" : ""}>` +
      `${t(`h2h.ui.settings.speed.${speed}`)}</label>`,
  ).join("");
  const languageOptions = LANGUAGES.map(
    (l) => `<option value="${l.code}"${l.code === currentLanguage() ? " selected" : ""}>${l.name}</option>`,
  ).join("");
  body.innerHTML =
    `<label class="row"><span>${t("h2h.ui.settings.placement_help")}</span>` +
    `<input class="switch" type="checkbox" name="placementHelp"${s.placementHelp ? " checked" : ""}></label>` +
    `<p class="note setting-note">${t("h2h.ui.settings.placement_help_note")}</p>` +
    `<label class="row"><span>${t("h2h.ui.settings.move_errors")}</span>` +
    `<input class="switch" type="checkbox" name="moveErrors"${s.moveErrors ? " checked" : ""}></label>` +
    `<p class="note setting-note">${t("h2h.ui.settings.move_errors_note")}</p>` +
    `<label class="row"><span>${t("ui.settings.language")}</span><select name="language">${languageOptions}</select></label>` +
    `<fieldset><legend>${t("h2h.ui.settings.animation")}</legend><div class="choices">${speedChoices}</div>` +
    `<p class="note">${t("h2h.ui.settings.animation_note")}</p></fieldset>` +
    `<fieldset><legend>${t("h2h.ui.settings.deal_mode")}</legend><div class="choices">` +
    `<label><input type="radio" name="dealMode" value="N"${s.dealMode === "N" ? " checked" : ""}>${t("h2h.ui.settings.mode_any")}</label>` +
    `<label><input type="radio" name="dealMode" value="S"${s.dealMode === "S" ? " checked" : ""}>${t("h2h.ui.settings.mode_winnable")}</label>` +
    `</div><p class="note">${t("h2h.ui.settings.mode_note").replace("HH1-S-…", '<span class="nowrap">HH1-S-…</span>')}</p></fieldset>` +
    `<div class="row daily"><span>${t("h2h.ui.settings.daily")}</span>` +
    `<button type="button" class="button" data-action="daily">${t("ui.settings.play_daily")}</button></div>` +
    `<p class="note setting-note">${t("h2h.ui.settings.daily_note")}</p>`;
  body.addEventListener("change", (event) => {
    const el = event.target;
    if (el instanceof HTMLSelectElement && el.name === "language") {
      switchLanguage(el.value);
      return;
    }
    if (!(el instanceof HTMLInputElement)) return;
    apply(el, s);
    saveSettings(settings);
    onChange();
  });
  const dialog = openDialog({
    title: t("h2h.ui.settings.title"),
    body,
    actions: [{ label: t("h2h.ui.action.done"), primary: true, name: "done" }],
  });
  find(body, '[data-action="daily"]').addEventListener("click", () => {
    dialog.close();
    onDaily();
  });
}
