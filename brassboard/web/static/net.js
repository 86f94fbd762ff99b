// Talking to the server: REST calls, the seat tokens this browser keeps, and a self-healing WebSocket.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.error)) || `HTTP ${status}`);
    this.status = status;
    this.error = (body && body.error) || "http";
    this.detail = (body && typeof body.detail === "string") ? body.detail : this.message;
    this.body = body;
  }
}

export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (exc) {
    throw new ApiError(0, { error: "network", detail: String(exc.message || exc) });
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { error: "http", detail: text.slice(0, 200) }; }
  }
  if (!response.ok) {
    // FastAPI's own validation errors come as {detail: [...]}
    if (data && Array.isArray(data.detail)) {
      data = { error: "bad_request", detail: data.detail.map((d) => d.msg || JSON.stringify(d)).join("; ") };
    }
    throw new ApiError(response.status, data);
  }
  return data;
}

// ----- tokens: {matchId: {seat: token}} in localStorage, so a reload resumes every held seat -----------------
const TOKENS = "brassboard.tokens";

function readAll() {
  try { return JSON.parse(localStorage.getItem(TOKENS) || "{}") || {}; } catch { return {}; }
}
function writeAll(all) {
  try { localStorage.setItem(TOKENS, JSON.stringify(all)); } catch { /* storage full or disabled */ }
}

export const tokens = {
  /** {seat: token} held for a match (seat "?" for a token whose seat is not known yet). */
  of(matchId) { return { ...(readAll()[matchId] || {}) }; },
  set(matchId, seat, token) {
    const all = readAll();
    const held = all[matchId] || {};
    for (const [s, tok] of Object.entries(held)) if (tok === token && s !== String(seat)) delete held[s];
    held[String(seat)] = token;
    all[matchId] = held;
    writeAll(all);
  },
  forget(matchId, seat) {
    const all = readAll();
    if (all[matchId]) { delete all[matchId][String(seat)]; writeAll(all); }
  },
  matches() { return Object.keys(readAll()); },
};

/** Remembered per match: which held seat the page shows. */
export const prefs = {
  get(key, fallback = null) {
    try { const v = localStorage.getItem("brassboard." + key); return v === null ? fallback : JSON.parse(v); } catch { return fallback; }
  },
  set(key, value) {
    try { localStorage.setItem("brassboard." + key, JSON.stringify(value)); } catch { /* ignore */ }
  },
};

/**
 * One WebSocket to a match (for one token, or none for a spectator) that reconnects with exponential
 * backoff and asks for a fresh state after each reconnect. onMessage(msg), onStatus("open"|"retry"|"closed").
 */
export class Channel {
  constructor(matchId, token, onMessage, onStatus) {
    this.matchId = matchId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.delay = 500;
    this.closed = false;
    this.queue = [];
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${scheme}://${location.host}/ws/matches/${encodeURIComponent(this.matchId)}${query}`;
  }

  connect() {
    if (this.closed) return;
    let ws;
    try { ws = new WebSocket(this.url()); } catch { this.retry(); return; }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onStatus("open");
      const pending = this.queue.splice(0);
      for (const msg of pending) ws.send(JSON.stringify(msg));
    };
    ws.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      // the server's keep-alive: it closes a socket that stays silent after a ping
      if (msg && msg.type === "ping") { ws.send('{"type":"pong"}'); return; }
      this.onMessage(msg, this);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      // 4403/4404-style closes (forbidden, no match) and 1008 policy violations are final
      if (event.code === 1008 || (event.code >= 4400 && event.code < 4500)) {
        this.closed = true;
        this.onStatus("closed", event);
        return;
      }
      this.retry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  retry() {
    if (this.closed) return;
    this.onStatus("retry");
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(this.delay * 2, 15000);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), wait);
  }

  get open() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  send(msg) {
    if (this.open) this.ws.send(JSON.stringify(msg));
    else this.queue.push(msg);
  }

  /** Reconnect now (after the tab wakes up or the network returns). */
  poke() {
    if (this.closed) return;
    if (!this.ws) { clearTimeout(this.timer); this.delay = 500; this.connect(); }
    else if (this.open) this.send({ type: "sync" });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) { const ws = this.ws; this.ws = null; ws.close(); }
  }
}
