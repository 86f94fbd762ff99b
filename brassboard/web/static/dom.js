// Small DOM helpers shared by the shell and the game UI modules.

/** h("div.card.big", {onclick, title}, child, "text", [children]) builds an element. */
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className += (el.className ? " " : "") + value;
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key === "dataset") {
      for (const [name, item] of Object.entries(value)) if (item !== undefined && item !== null) el.dataset[name] = item;
    }
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** s("rect", {x, y, onclick, text}, children) builds an SVG element (`text` sets its text content). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

const loadedSheets = new Map();

/** Link a stylesheet once (however often it is asked for) and settle when it has loaded: a game's board is drawn only
 * after its styles apply (else a slow network shows it unstyled for a moment). A sheet that fails or takes over 5 s
 * does not hold the page. */
export function loadStylesheet(href) {
  if (!loadedSheets.has(href)) {
    loadedSheets.set(href, new Promise((settle) => {
      const link = h("link", { rel: "stylesheet", href });
      const timer = setTimeout(settle, 5000);
      const done = () => { clearTimeout(timer); settle(); };
      link.addEventListener("load", done);
      link.addEventListener("error", () => { console.warn("stylesheet not loaded:", href); done(); });
      document.head.append(link);
    }));
  }
  return loadedSheets.get(href);
}

/** Replace the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A short-lived message at the bottom of the page. quiet: the page speaks it otherwise (its live region), so the
 * toast is hidden from assistive technology rather than read twice. */
export function toast(text, kind = "info", ms = 5000, { quiet = false } = {}) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div.toast." + kind, quiet ? { "aria-hidden": "true" } : {}, text);
  box.append(el);
  setTimeout(() => el.remove(), ms);
}

/** Copy text to the clipboard (falls back to a selected input where the API is not allowed). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const input = h("input", { value: text, style: { position: "fixed", opacity: "0" } });
    document.body.append(input);
    input.select();
    const ok = document.execCommand && document.execCommand("copy");
    input.remove();
    return !!ok;
  }
}
