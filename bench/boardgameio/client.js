'use strict';
// Load client for a boardgame.io tic-tac-toe server, for bench/bench_server.py:
//     NODE_PATH=TMP/node_modules node client.js '{"url": "http://127.0.0.1:PORT", "matches": 20, "seconds": 20,
//                                                "warmup": 2, "seed": 1}'
// Runs `matches` matches at once, each with two boardgame.io Clients (one per player, each on its own socket.io
// connection, WebSocket transport only) that play random legal moves; a finished match is replaced by a new one
// (created and joined through the lobby REST API) until `seconds` have passed. The latency of a move runs from the
// Client's clickCell call to the arrival, on the same socket, of the server's update carrying the next state.
// Prints one JSON object: moves and latencies (ms) counted after `warmup` seconds, and counters.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { TicTacToe } = require('./tictactoe');

const config = JSON.parse(process.argv[2] || '{}');
const url = config.url;
const matches = config.matches;
const seconds = config.seconds;
const warmup = config.warmup;
const STALL_MS = 10000; // a match that hears nothing for this long is abandoned (and counted)
const GRACE_MS = 2000; // after the deadline: how long an answer to a move already sent is awaited

// mulberry32: a small seeded generator, so runs differ only in timing
let seed = (config.seed || 1) >>> 0;
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const tally = { moves: 0, allMoves: 0, latencies: [], finished: 0, started: 0, timeouts: 0, failures: 0, failure: null };
const start = performance.now();
const warmStart = start + warmup * 1000;
const deadline = start + seconds * 1000;

async function post(path, body) {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status}`);
  return response.json();
}

async function playMatch() {
  const { matchID } = await post('/games/tic-tac-toe/create', { numPlayers: 2 });
  const credentials = [];
  for (const playerID of ['0', '1']) {
    const joined = await post(`/games/tic-tac-toe/${matchID}/join`, { playerID, playerName: `P${playerID}` });
    credentials.push(joined.playerCredentials);
  }
  tally.started += 1;
  return new Promise((resolve) => {
    const seats = [];
    let done = false;
    let over = false;
    let watchdog = null;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(watchdog);
      for (const seat of seats) seat.client.stop();
      resolve();
    };
    const arm = (ms) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        if (performance.now() < deadline) tally.timeouts += 1;
        finish();
      }, ms);
    };
    const settle = () => {
      // the match ends for the bench once nobody waits for an answer and the game is over or time is up
      if (seats.some((seat) => seat.pending !== null)) return;
      if (over || performance.now() >= deadline) finish();
    };
    for (const playerID of ['0', '1']) {
      const client = Client({
        game: TicTacToe,
        multiplayer: SocketIO({ server: url, socketOpts: { transports: ['websocket'], forceNew: true } }),
        matchID,
        playerID,
        credentials: credentials[Number(playerID)],
        debug: false,
      });
      const seat = { client, playerID, pending: null };
      seats.push(seat);
      client.start();
      const onState = (state) => {
        if (done || !state) return;
        const now = performance.now();
        arm(now < deadline ? STALL_MS : GRACE_MS);
        if (seat.pending !== null && state._stateID > seat.pending.stateID) {
          tally.allMoves += 1;
          if (seat.pending.sent >= warmStart && now <= deadline) {
            tally.moves += 1;
            tally.latencies.push(Math.round((now - seat.pending.sent) * 1000) / 1000);
          }
          seat.pending = null;
        }
        if (state.ctx.gameover !== undefined) {
          if (!over) tally.finished += 1;
          over = true;
        } else if (seat.pending === null && now < deadline && state.ctx.currentPlayer === playerID) {
          const free = [];
          state.G.cells.forEach((cell, index) => {
            if (cell === null) free.push(index);
          });
          // the Client applied this update before this listener (registered after its own) ran
          seat.pending = { stateID: client.getState()._stateID, sent: performance.now() };
          client.moves.clickCell(free[Math.floor(random() * free.length)]);
        }
        settle();
      };
      const socket = client.transport.socket;
      socket.on('update', (id, state) => {
        if (id === matchID) onState(state);
      });
      socket.on('sync', (id, syncInfo) => {
        if (id === matchID) onState(syncInfo.state);
      });
    }
    arm(STALL_MS);
  });
}

async function worker() {
  while (performance.now() < deadline) {
    try {
      await playMatch();
    } catch (error) {
      tally.failures += 1;
      tally.failure = String(error);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function report() {
  const cpu = process.cpuUsage();
  const out = {
    moves: tally.moves,
    all_moves: tally.allMoves,
    window: (deadline - warmStart) / 1000,
    latencies: tally.latencies,
    finished: tally.finished,
    started: tally.started,
    timeouts: tally.timeouts,
    failures: tally.failures,
    failure: tally.failure,
    client_cpu: (cpu.user + cpu.system) / 1e6,
  };
  process.stdout.write(JSON.stringify(out) + '\n', () => process.exit(0));
}

// a hard bound: whatever happens, the client reports and exits
setTimeout(report, (seconds + 20) * 1000).unref();
Promise.all(Array.from({ length: matches }, worker)).then(report);
