// The single page: routes by location to the lobby, a match or a replay.
import { h, fill } from "./dom.js";
import { LANGS, lang, setLang, t } from "./i18n.js";

function languageToggle() {
  const box = document.getElementById("langs");
  fill(box, LANGS.map((code) => h("button.lang" + (code === lang() ? ".on" : ""), {
    type: "button", title: t("lang." + code), "aria-pressed": String(code === lang()),
    onclick: () => setLang(code),
  }, code.toUpperCase())));
}

function nav() {
  fill(document.getElementById("nav"), h("a", { href: "/" }, t("nav.lobby")));
  skipLink();
}

/** The first stop of Tab: on a match page to the move box (the action area), elsewhere to the content. */
function skipLink() {
  const link = document.getElementById("skiplink");
  const onMatch = /^\/m\/[^/]+\/?$/.test(location.pathname);
  link.href = onMatch ? "#actions" : "#page";
  link.textContent = t(onMatch ? "a11y.skipToActions" : "a11y.skipToContent");
}

document.getElementById("skiplink").addEventListener("click", (event) => {
  const target = document.getElementById("movebox-input") || document.getElementById("page");
  if (!target) return;
  event.preventDefault();
  target.focus();
});

async function route() {
  const page = document.getElementById("page");
  const path = location.pathname.replace(/\/+$/, "") || "/";
  let m;
  if ((m = path.match(/^\/m\/([^/]+)\/replay$/))) {
    const { showReplay } = await import("./replay.js");
    showReplay(page, decodeURIComponent(m[1]));
  } else if ((m = path.match(/^\/m\/([^/]+)$/))) {
    const { showMatch } = await import("./match.js");
    showMatch(page, decodeURIComponent(m[1]));
  } else {
    const { showLobby } = await import("./lobby.js");
    showLobby(page);
  }
}

window.addEventListener("langchange", () => { languageToggle(); nav(); });
languageToggle();
nav();
route();
