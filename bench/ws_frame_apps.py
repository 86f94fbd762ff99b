"""Bare WebSocket echo apps for ``bench/bench_ws_frame.py``: what Granian itself costs per message, under its ASGI
and its native RSGI interface, without any of Brassboard's code. Each answers every text message with a reply of
``WS_FRAME_REPLY_BYTES`` characters (about a state message) and any plain HTTP request with ``ok``."""

from __future__ import annotations

import os
from typing import Any

REPLY = "x" * int(os.environ.get("WS_FRAME_REPLY_BYTES", "1500"))


async def asgi_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            else:
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})
        return
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (await receive())["type"] == "websocket.receive":
        await send({"type": "websocket.send", "text": REPLY})


async def rsgi_app(scope: Any, protocol: Any) -> None:
    if scope.proto != "ws":
        protocol.response_str(200, [], "ok")
        return
    from granian.rsgi import WebsocketMessageType

    transport = await protocol.accept()
    while (await transport.receive()).kind != WebsocketMessageType.close:
        await transport.send_str(REPLY)
    protocol.close(None)
