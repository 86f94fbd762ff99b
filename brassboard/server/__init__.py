"""The Brassboard server: HTTP + WebSocket API, lobby, seats and their tokens, storage, live fan-out, bots.

``create_app()`` builds the ASGI app (settings from ``BRASSBOARD_*`` environment variables); ``brassboard serve``
runs it on Uvicorn. The contract with browsers is docs/api.md.
"""

from .app import create_app
from .config import Settings
from .hub import Broadcaster, InMemoryBroadcaster, RedisBroadcaster

__all__ = ["Broadcaster", "InMemoryBroadcaster", "RedisBroadcaster", "Settings", "create_app"]
