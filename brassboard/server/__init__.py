"""The Brassboard server: HTTP + WebSocket API, lobby, seats and their tokens, storage, live fan-out, bots.

``create_app()`` builds the ASGI app (settings from ``BRASSBOARD_*`` environment variables); ``brassboard serve``
runs it on Granian or Uvicorn (serving.py), ``brassboard worker`` serves bot turns from Redis (botqueue.py). The
contract with browsers is docs/api.md; running it for strangers, docs/deploy.md.
"""

from .app import create_app
from .config import Settings
from .hub import Broadcaster, InMemoryBroadcaster, RedisBroadcaster

__all__ = ["Broadcaster", "InMemoryBroadcaster", "RedisBroadcaster", "Settings", "create_app"]
