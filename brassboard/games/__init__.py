"""The games, one package each.

``brassboard.games()`` is a promised call that lists the game ids. Python binds the attribute
``brassboard.games`` to this package as soon as any game is imported, so the package itself is made callable:
``brassboard.games()`` then answers the same whichever object the name holds.
"""

import sys
import types


class _CallableGamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from ..engine.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableGamesPackage
