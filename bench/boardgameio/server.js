'use strict';
// A boardgame.io server with its tutorial tic-tac-toe, on 127.0.0.1 only, for bench/bench_server.py.
//     NODE_PATH=TMP/node_modules node server.js PORT
// Default storage (in memory), default socket.io transport, lobby REST API on the same port.
const { Server, Origins } = require('boardgame.io/server');
const { TicTacToe } = require('./tictactoe');

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('usage: node server.js PORT');
  process.exit(2);
}

const server = Server({ games: [TicTacToe], origins: [Origins.LOCALHOST] });
// Server.run() listens on every interface; the bench keeps to loopback. koa-socket-2 made app.listen call
// http.Server.listen(...args), so a host can be slipped in.
const listen = server.app.listen;
server.app.listen = (listenPort, callback) => listen.call(server.app, listenPort, '127.0.0.1', callback);
server.run(port, () => console.log(`ready on 127.0.0.1:${port}`));
