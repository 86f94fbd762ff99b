"""The one game protocol every Brassboard game implements.

A game is a :class:`GameInfo` (metadata and options) plus a :class:`GameState` subclass holding pure rules:
no I/O, no clock, randomness only from ``self.rng``. ``apply`` validates completely before it changes anything,
so an illegal action raises :class:`IllegalAction` and leaves the state exactly as it was.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .actions import Action, Arg, as_action
from .options import OptionError, check_number, check_override, number_bounds
from .rng import Rng

Event = dict[str, Any]
"""A JSON-serialisable record of something that happened, always with a ``"type"`` key.

Events carrying ``"chance": True`` (a die roll, a shuffle, a draw) or ``"reveal": True`` (hidden information made
public) are barriers: undo never crosses them.
"""


class Draws(Protocol):
    """A source of uniform draws: the engine's :class:`Rng`, or a search bot's own faster generator."""

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        ...


class IllegalAction(Exception):
    """An action the rules do not allow here. ``reason`` says which rule forbids it."""

    def __init__(self, reason: str, action: Action | None = None, player: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action
        self.player = player

    def __str__(self) -> str:
        prefix = f"{self.action}: " if self.action is not None else ""
        return prefix + self.reason


@dataclass(frozen=True)
class OptionSpec:
    """One game option (variant). ``choices`` lists the allowed values where they are a fixed set.

    Every value is checked when a state is made (so the server, the CLI and the RL wrappers all refuse bad options
    before any move): a whole number lies within ``bounds`` (derived from the default when None, see
    :func:`~brassboard.engine.options.number_bounds`); a table whose ``schema`` is given (a function returning the
    default data it overrides, e.g. a game's figures) is checked against that data's shape, types and ranges, except
    that the paths in ``fixed`` may not be overridden at all and the numbers matching a pattern of ``limits`` keep to
    its range instead of the derived one, and the subtrees in ``own_checks`` are left to the game's own check in
    ``new_state`` (data whose shape the default cannot describe, e.g. a list whose length is itself a design choice).
    A refusal is an :class:`OptionError` (a ``ValueError``)
    naming the bad field's path, e.g. ``figures.tank_track.price[2]``.
    """

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    bounds: tuple[int, int] | None = None
    schema: Callable[[], Any] | None = field(default=None, compare=False, repr=False)
    fixed: tuple[str, ...] = ()
    limits: tuple[tuple[str, tuple[int, int]], ...] = ()
    own_checks: tuple[str, ...] = ()

    def validate(self, value: Any) -> Any:
        if self.choices is not None:
            # compare types too: True == 1 in Python, yet true is no player number
            if not any(value == choice and type(value) is type(choice) for choice in self.choices):
                raise OptionError(self.name, f"must be one of {list(self.choices)}, not {value!r}")
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionError(self.name, f"takes true or false, not {value!r}")
        elif isinstance(self.default, int) and (isinstance(value, bool) or not isinstance(value, int)):
            raise OptionError(self.name, f"takes a whole number, not {value!r}")
        elif isinstance(self.default, int):
            check_number(self.name, self.default, value, self.bounds)
        elif isinstance(self.default, str) and not isinstance(value, str):
            raise OptionError(self.name, f"takes text, not {value!r}")
        elif isinstance(self.default, dict) and not isinstance(value, dict):
            raise OptionError(self.name, f"takes a table of values, not {value!r}")
        if self.schema is not None:
            check_override(self.schema(), value, self.name, (f"{self.name}.{path}" for path in self.fixed),
                           limits={f"{self.name}.{pattern}": limit for pattern, limit in self.limits},
                           own_checks=(f"{self.name}.{path}" for path in self.own_checks))
        return value

    def to_dict(self) -> dict[str, Any]:
        """The option for the lobby; a whole number without choices also gives its ``range`` ([lowest, highest])."""
        data: dict[str, Any] = {"name": self.name, "default": self.default, "description": self.description,
                                "choices": list(self.choices) if self.choices is not None else None}
        if self.choices is None and isinstance(self.default, int) and not isinstance(self.default, bool):
            data["range"] = list(self.bounds or number_bounds(self.default))
        return data


@dataclass(frozen=True)
class GameInfo:
    """What a game is, before any state exists (the lobby, the CLI and the RL wrappers read this)."""

    id: str
    name: str
    min_players: int
    max_players: int
    simultaneous: bool = False
    chance: bool = False
    hidden_information: bool = False
    options: tuple[OptionSpec, ...] = ()
    description: str = ""

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``options``; unknown names and bad values raise ``ValueError``."""
        known = {spec.name: spec for spec in self.options}
        resolved = {spec.name: spec.default for spec in self.options}
        for name, value in (options or {}).items():
            if name not in known:
                raise ValueError(f"{self.id} has no option {name!r}; options are {sorted(known)}")
            resolved[name] = known[name].validate(value)
        return resolved

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} takes {self.min_players}-{self.max_players} players, not {players}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "simultaneous": self.simultaneous,
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "description": self.description,
            "options": [option.to_dict() for option in self.options],
        }


@dataclass
class Score:
    """A player's final (or current) score: ``total`` always equals the sum of ``breakdown``."""

    total: int
    breakdown: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "breakdown": dict(self.breakdown)}


def redact_event(event: Event, viewer: int | None) -> Event:
    """``event`` as ``viewer`` (a seat, or None for a spectator) may receive it.

    An event that carries a secret of one seat names that seat in ``"private_to"`` and the secret fields in
    ``"secret"`` (a list of keys); every other viewer receives the event without those fields. An event with no
    ``"secret"`` is public and returned as it is.
    """
    fields = event.get("secret")
    if not fields or (viewer is not None and viewer == event.get("private_to")):
        return event
    return {key: value for key, value in event.items() if key not in fields and key != "secret"}


def is_barrier(event: Event) -> bool:
    """True for events that undo must never cross (chance and reveals)."""
    return bool(event.get("chance") or event.get("reveal"))


class GameState(ABC):
    """Base class of every game's state. Subclasses implement the ``_``-prefixed hooks."""

    info: ClassVar[GameInfo]

    def __init__(self, players: int, options: Mapping[str, Any] | None, seed: int) -> None:
        self.info.check_players(players)
        self.num_players = players
        self.options: dict[str, Any] = self.info.resolve_options(options)
        self.seed = seed
        self.rng = Rng(seed)
        self._events: list[Event] = []

    # ----- the protocol -------------------------------------------------------------------------------------
    @abstractmethod
    def active_players(self) -> list[int]:
        """Players who may act now (several at once where the rules let them act simultaneously)."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now; empty when the player is not active."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[Score]: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The complete state as JSON-compatible data (the RNG included)."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState: ...

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None:
        """Validate ``action`` fully (raise :class:`IllegalAction`), then change the state and ``emit`` events."""

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator). Games with secrets override this.

        The seed and generator state never leave the server: with them every future roll could be foreseen.
        """
        data = self.to_dict()
        data.pop("rng", None)
        data.pop("seed", None)
        return data

    def event_view(self, event: Event, viewer: int | None) -> Event:
        """``event`` as ``viewer`` may receive it: whatever the server logs, pushes or replays passes through here.

        The default honours the ``private_to`` / ``secret`` convention of :func:`redact_event`; a game whose events
        need more than dropping fields overrides this.
        """
        return redact_event(event, viewer)

    @classmethod
    def notation_view(cls, action: Action, actor: int, viewer: int | None) -> str:
        """The notation of ``actor``'s ``action`` as ``viewer`` may see it in a log.

        The default is the notation itself; a game where an action names a secret choice (a card kept in hand)
        returns a form without it to everyone but ``actor``.
        """
        return str(action)

    def determinize(self, observer: int, rng: Rng) -> None:
        """Re-sample, in place, everything ``observer`` cannot see, drawing only from ``rng``.

        Search bots (MCTS) call this on a clone of the real state so that they plan from what their seat may know:
        afterwards ``view(observer)`` must be unchanged, the state must still obey every rule invariant, and the
        result must depend only on that view (and ``rng``), never on the hidden parts it replaced — so hidden
        orders are put into a canonical order before they are shuffled. The state's own generator (future dice and
        draws) is not touched here: the caller replaces it.

        The default does nothing, which is right for a game whose only secret is the future (its generator). A game
        whose ``info.hidden_information`` is true overrides it; :func:`has_determinize` tells which games do.
        """
        return  # a deliberate no-op default (the body keeps ruff from taking it for a forgotten abstract method)

    @classmethod
    def printed_figures(cls) -> dict[str, Any] | None:
        """What is printed on the game's boards and cards, the same in every match (a UI draws it).

        A game whose views would carry a large unchanging part returns it here instead; the server serves it once
        (``GET /api/games/ID/figures``). None: the views hold everything.
        """
        return None

    def render_text(self, player: int | None = None) -> str:
        """A readable picture of the state for the terminal; games override this with a proper board."""
        return json.dumps(self.view(player), indent=1, sort_keys=True)

    def totals(self) -> list[int]:
        """Each player's ``scores()`` total, without the breakdowns: what search bots read after every simulation.

        The default takes them from ``scores()``; a game may override it with a cheaper computation that returns
        exactly the same numbers.
        """
        return [score.total for score in self.scores()]

    def winners(self) -> list[int]:
        """Players sharing the best total (meaningful once the game is over)."""
        totals = self.totals()
        best = max(totals)
        return [p for p, total in enumerate(totals) if total == best]

    # ----- shared machinery ---------------------------------------------------------------------------------
    def apply(self, player: int, action: Action | str | tuple[Arg, ...]) -> list[Event]:
        """Apply one action of ``player``; returns the events it caused. Illegal: raises, state unchanged."""
        try:
            act = as_action(action)
        except (TypeError, ValueError) as exc:
            raise IllegalAction(f"cannot read the action: {exc}", None, player) from None
        if self.is_over():
            raise IllegalAction("the game is over", act, player)
        if player not in self.active_players():
            raise IllegalAction(f"player {player} may not act now; waiting for {self.active_players()}", act, player)
        self._events = []
        try:
            self._apply(player, act)
        except IllegalAction as exc:
            exc.action = act
            exc.player = player
            raise
        events, self._events = self._events, []
        return events

    def apply_quiet(self, player: int, action: Action) -> None:
        """Apply ``action``, taken from this very state's ``legal_actions(player)``, and build no events.

        For search bots, which play thousands of simulated actions they drew from the legal list themselves and never
        read an event. The result must be exactly the state ``apply`` leaves. The default is ``apply`` itself (the
        checks and events cost what they cost, the events are dropped); a game whose simulations are hot may
        override it to skip the checks ``legal_actions`` already guarantees and the building of events.
        """
        self.apply(player, action)

    def random_playout(self, rng: Draws, limit: int, prefer: int) -> int:
        """Play up to ``limit`` uniformly random legal actions in place, quietly, until the game ends; returns how many
        were played. Search bots' rollouts.

        Each step the actor is ``prefer`` when active, else the first of ``active_players()``, and its action is
        ``legal[rng.below(len(legal))]`` of its ``legal_actions``, applied with ``apply_quiet``; a step without a
        legal action ends the playout. ``rng`` is the caller's (a search bot's own generator), never the state's.
        A game may override this with a faster loop that makes exactly the same draws and leaves exactly the same
        state.
        """
        played = 0
        while played < limit and not self.is_over():
            active = self.active_players()
            actor = prefer if prefer in active else active[0]
            legal = self.legal_actions(actor)
            if not legal:
                break
            self.apply_quiet(actor, legal[rng.below(len(legal))])
            played += 1
        return played

    def emit(self, type_: str, **data: Any) -> Event:
        event: Event = {"type": type_, **data}
        self._events.append(event)
        return event

    def roll(self, player: int | None, sides: int = 6, why: str = "") -> int:
        """Roll a die with the state's generator and log it as a chance event."""
        value = self.rng.randint(1, sides)
        self.emit("roll", player=player, sides=sides, value=value, why=why, chance=True)
        return value

    def to_json(self) -> str:
        return json.dumps({"game": self.info.id, "state": self.to_dict()}, separators=(",", ":"), sort_keys=True)

    def clone(self) -> GameState:
        return type(self).from_dict(json.loads(json.dumps(self.to_dict())))

    def _base_dict(self) -> dict[str, Any]:
        return {"players": self.num_players, "options": dict(self.options), "seed": self.seed,
                "rng": self.rng.state}

    def _restore_base(self, data: dict[str, Any]) -> None:
        self.num_players = data["players"]
        self.options = dict(data["options"])
        self.seed = data["seed"]
        self.rng = Rng(state=data["rng"])
        self._events = []


def has_determinize(cls: type[GameState]) -> bool:
    """Whether the game overrides :meth:`GameState.determinize` (the default re-samples nothing)."""
    return cls.determinize is not GameState.determinize


GameFactory = Callable[[int, Mapping[str, Any] | None, int], GameState]
