"""What the PettingZoo and Gymnasium environments share: one engine game, its turn order, observations and rewards.

Turn order. The engine may let several players act at once (simultaneous phases, e.g. Planet Unknown's tile
placement). RL APIs take one action at a time, so the driver serialises them: the next player to act is the first
active seat *after the last one who acted*, in cyclic seat order. In a turn-based phase that is simply the one active
player; in a simultaneous phase the active players take one atomic action each in turn (0, 1, 2, 0, 1, …, skipping
those who have finished) until the phase ends. This is an order the engine itself accepts — it applies simultaneous
actions one by one as they arrive — and every player still sees only its own view, so nothing is revealed that the
rules (as written in the game's ``view``) would hide.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from brassboard.engine import Action, GameInfo, GameState, Score, game_info, state_class

from .actions import ActionCodec, ActionFeaturizer, FixedActionCodec, LegalListCodec, OverflowPolicy, SlotAssignment
from .encoders import (
    HashingEncoder,
    ObservationEncoder,
    game_action_codec,
    game_encoder,
    game_max_actions,
    state_encoding,
    state_key,
)
from .rewards import RewardFn, reward_function

DEFAULT_MAX_ACTIONS = 1024
"""Slots of the legal-list action space when neither the caller nor the game's adapter module says otherwise."""

DEFAULT_ACTION_FEATURES = 16
"""Hashed features per action slot (``action_features`` has shape ``(max_actions, this)``) where a slot's action
changes from state to state (a legal-list codec). A fixed codec's slot always holds the same action, so its features
would be a constant a learner gains nothing from: there the default is 0, which leaves them out."""

Observation = dict[str, npt.NDArray[Any]]

SLOT_ROWS_MEMO = 4096
"""Legal lists whose slots and feature rows a driver keeps before it clears them."""

KEYED_MEMO = 1 << 16
"""Observations (and slot assignments) kept per state key before they are cleared (see ``state_key``)."""

SMALL_SPACE = 4096
"""Action spaces whose slots x features fit in this many values keep whole observation tables per legal list (cheap
to copy); larger ones build the mask and features afresh each time from the kept slots and rows."""


def default_players(info: GameInfo) -> int:
    """Two players where the game allows it, else its nearest count: the smallest real contest."""
    return min(max(2, info.min_players), info.max_players)


def next_to_act(active: Sequence[int], after: int | None, players: int) -> int | None:
    """The first seat of ``active`` after seat ``after`` in cyclic order (the lowest seat when ``after`` is None)."""
    if len(active) == 1:
        return active[0]
    if not active:
        return None
    start = 0 if after is None else after + 1
    return min(active, key=lambda seat: (seat - start) % players)


@dataclass(frozen=True)
class EnvSettings:
    """Everything that fixes the shape and meaning of an environment (the same for every episode)."""

    game_id: str
    players: int
    options: dict[str, Any]
    codec: ActionCodec
    encoder: ObservationEncoder
    action_feature_size: int
    reward: RewardFn
    max_steps: int | None


def check_policies(illegal_action: str, render_mode: str | None) -> None:
    """Refuse an unknown illegal-action policy or render mode (both envs accept the same ones)."""
    if illegal_action not in ("raise", "penalize"):
        raise ValueError(f"illegal_action must be 'raise' or 'penalize', not {illegal_action!r}")
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")


def make_settings(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    max_actions: int | None = None,
    overflow: OverflowPolicy = "raise",
    action_codec: ActionCodec | None = None,
    observation_size: int | None = None,
    observation_encoder: ObservationEncoder | None = None,
    action_feature_size: int | None = None,
    reward: str | RewardFn = "score_diff",
    max_steps: int | None = None,
) -> EnvSettings:
    """Resolve an environment's settings; explicit arguments win over the game's adapter, which wins over generic."""
    info = game_info(game_id)
    seats = default_players(info) if players is None else players
    info.check_players(seats)
    resolved = info.resolve_options(options)

    codec = action_codec
    if codec is None and max_actions is None:
        codec = game_action_codec(game_id, seats, resolved)
    if codec is None:
        size = max_actions if max_actions is not None else game_max_actions(game_id, DEFAULT_MAX_ACTIONS)
        codec = LegalListCodec(size, overflow)

    encoder = observation_encoder
    if encoder is None and observation_size is None:
        encoder = game_encoder(game_id, seats, resolved)
    if encoder is None:
        encoder = HashingEncoder() if observation_size is None else HashingEncoder(observation_size)

    if action_feature_size is None:  # see DEFAULT_ACTION_FEATURES
        action_feature_size = 0 if isinstance(codec, FixedActionCodec) else DEFAULT_ACTION_FEATURES
    if action_feature_size < 0:
        raise ValueError(f"action_feature_size must be 0 or more, not {action_feature_size}")
    if max_steps is not None and max_steps < 1:
        raise ValueError(f"max_steps must be at least 1 (or None for no limit), not {max_steps}")
    return EnvSettings(game_id, seats, resolved, codec, encoder, action_feature_size,
                       reward_function(reward, seats), max_steps)


def observation_space(settings: EnvSettings) -> spaces.Dict:
    """``observation`` (the encoded view), ``action_mask`` (int8, 1 = legal now) and, unless switched off,
    ``action_features`` (one hashed description per action slot, zeros where the slot is empty)."""
    size = settings.codec.size
    encoder = settings.encoder
    parts: dict[str, spaces.Space[Any]] = {
        "observation": spaces.Box(encoder.low, encoder.high, encoder.shape, np.float32),
        "action_mask": spaces.Box(0, 1, (size,), np.int8),
    }
    if settings.action_feature_size:
        parts["action_features"] = spaces.Box(-np.inf, np.inf, (size, settings.action_feature_size), np.float32)
    return spaces.Dict(parts)


class GameDriver:
    """One engine game at a time, with its serialised turn order, action slots, observations and final rewards."""

    def __init__(self, settings: EnvSettings) -> None:
        self.settings = settings
        self.featurizer = ActionFeaturizer(settings.action_feature_size) if settings.action_feature_size else None
        self.state: GameState | None = None
        self.seed = 0
        self.last_actor: int | None = None
        self.steps = 0
        # the slot assignment of (player) in the current state; cleared by every change of state
        self._assignments: dict[int, SlotAssignment] = {}
        self._state_class = state_class(settings.game_id)  # looked up once: new_game would on every reset
        # the encoder's fast path, if it has one (exactly its encoding of the view: see brassboard.rl.encoders)
        self._encode_state = state_encoding(settings.encoder)
        # id of a slot assignment (a codec's memo hands out the same one for the same legal list) -> (the
        # assignment, its slots as an index, its feature rows); keyed by id and held, so no tuple of actions is hashed
        self._slot_rows: dict[int, tuple[SlotAssignment, npt.NDArray[np.intp] | slice,
                                         npt.NDArray[np.float32] | None]] = {}
        # small action spaces keep each legal list's whole mask and feature table (see SMALL_SPACE), keyed the same
        self._small = settings.codec.size * max(settings.action_feature_size, 1) <= SMALL_SPACE
        self._tables: dict[int, tuple[SlotAssignment, npt.NDArray[np.int8], npt.NDArray[np.float32] | None]] = {}
        # an encoder's state key, if it has one: whole observations and slot assignments are then kept per key
        self._state_key = state_key(settings.encoder)
        # per key, the observation of the player the env waits for (with its assignment) and of any other player
        self._observations: dict[bool, dict[Hashable, tuple[npt.NDArray[np.float32], npt.NDArray[np.int8],
                                                            npt.NDArray[np.float32] | None,
                                                            SlotAssignment | None]]] = {True: {}, False: {}}
        self._keyed_assignments: dict[Hashable, SlotAssignment] = {}

    # ----- the game -------------------------------------------------------------------------------------------
    def new_game(self, seed: int) -> None:
        settings = self.settings
        self.state = self._state_class(settings.players, settings.options, seed)  # type: ignore[call-arg]
        self.seed = seed
        self.last_actor = None
        self.steps = 0
        self._assignments = {}

    @property
    def game(self) -> GameState:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def to_act(self) -> int | None:
        """The seat that acts next (see the module's note on turn order); None once the game is over."""
        game = self.state if self.state is not None else self.game
        if game.is_over():
            return None
        active = game.active_players()
        if len(active) == 1:  # a turn-based phase: the usual case, without a call
            return active[0]
        return next_to_act(active, self.last_actor, self.settings.players)

    def apply(self, player: int, action: Action) -> None:
        """Apply any action of ``player`` (a bot's, say): the engine checks it."""
        (self.state if self.state is not None else self.game).apply(player, action)
        self.last_actor = player
        self.steps += 1
        if self._assignments:
            self._assignments = {}

    def apply_decoded(self, player: int, action: Action) -> None:
        """Apply an action :meth:`decode` gave for ``player`` in this very state, so one of its ``legal_actions``:
        through the engine's ``apply_quiet``, which exists for exactly such actions (it may skip the checks the legal
        list guarantees and builds no events, which no environment reads) and leaves exactly the state ``apply``
        would."""
        (self.state if self.state is not None else self.game).apply_quiet(player, action)
        self.last_actor = player
        self.steps += 1
        if self._assignments:
            self._assignments = {}

    def is_over(self) -> bool:
        return self.game.is_over()

    def final_rewards(self, scores: Sequence[Score] | None = None) -> list[float]:
        """Every seat's reward at the end, from the game's final ``scores`` (asked for when not given)."""
        if scores is None:
            scores = self.game.scores()
        return [float(self.settings.reward(scores, seat)) for seat in range(self.settings.players)]

    # ----- actions ----------------------------------------------------------------------------------------------
    def assignment(self, player: int) -> SlotAssignment:
        """``player``'s legal actions placed in action slots (raises ActionOverflowError under policy "raise")."""
        found = self._assignments.get(player)
        if found is None:
            if self._state_key is not None:  # the key fixes the legal actions: their assignment is kept per key
                key = self._state_key(self.game, player)
                found = self._keyed_assignments.get(key)
                if found is None:
                    found = self.settings.codec.assign(self.game.legal_actions(player))
                    if len(self._keyed_assignments) >= KEYED_MEMO:
                        self._keyed_assignments.clear()
                    self._keyed_assignments[key] = found
            else:
                found = self.settings.codec.assign(self.game.legal_actions(player))
            self._assignments[player] = found
        return found

    def decode(self, player: int, slot: int) -> Action | None:
        """The legal action of ``player`` in ``slot``; None if the slot holds none."""
        found = self._assignments.get(player)
        return (self.assignment(player) if found is None else found).action_at(slot)

    def play(self, player: int, slot: int) -> bool:
        """Apply ``player``'s action in ``slot`` (:meth:`decode`, then :meth:`apply_decoded`); False, and nothing
        changes, if the slot holds no legal action."""
        found = self._assignments.get(player)
        action = (self.assignment(player) if found is None else found).action_at(slot)
        if action is None:
            return False
        state = self.state if self.state is not None else self.game
        state.apply_quiet(player, action)
        self.last_actor = player
        self.steps += 1
        self._assignments = {}
        return True

    # ----- observations -------------------------------------------------------------------------------------
    def observe(self, player: int, may_act: bool) -> Observation:
        """``player``'s observation, built from ``state.view(player)`` alone (or the encoder's equal fast path);
        the mask is all zeros unless ``may_act`` (the env is waiting for this player)."""
        if self._state_key is not None:
            # the whole observation is kept per key (see brassboard.rl.encoders), and handed out as copies
            key = self._state_key(self.state if self.state is not None else self.game, player)
            observations = self._observations[may_act]
            kept = observations.get(key)
            if kept is None:
                built = self._build_observation(player, may_act)
                for array in built.values():
                    array.flags.writeable = False
                if len(observations) >= KEYED_MEMO:
                    observations.clear()
                kept = observations[key] = (built["observation"], built["action_mask"], built.get("action_features"),
                                            self.assignment(player) if may_act else None)
            encoded, mask, features, assignment = kept
            if assignment is not None:  # the step that follows decodes from it
                self._assignments[player] = assignment
            # fresh arrays: a caller may keep or change them
            if features is None:
                return {"observation": encoded.copy(), "action_mask": mask.copy()}
            return {"observation": encoded.copy(), "action_mask": mask.copy(), "action_features": features.copy()}
        return self._build_observation(player, may_act)

    def _build_observation(self, player: int, may_act: bool) -> Observation:
        settings = self.settings
        encoder = settings.encoder
        state = self.state if self.state is not None else self.game
        if self._encode_state is not None:
            encoded = self._encode_state(state, player)
        else:
            encoded = np.asarray(encoder.encode(state.view(player), player), dtype=np.float32)
        if encoded.shape != encoder.shape:
            raise ValueError(f"{encoder!r} returned shape {encoded.shape}, not its declared {encoder.shape}")
        size = settings.codec.size
        if may_act and self._small:
            # a small action space: the whole mask and feature table of a legal list are kept, and copied
            mask, table = self._small_tables(self.assignment(player))
            observation: Observation = {"observation": encoded, "action_mask": mask.copy()}
            if table is not None:
                observation["action_features"] = table.copy()
            return observation
        mask = np.zeros(size, dtype=np.int8)
        observation = {"observation": encoded, "action_mask": mask}
        features = None
        if self.featurizer is not None:
            features = observation["action_features"] = np.zeros((size, settings.action_feature_size), np.float32)
        if may_act:
            assignment = self._assignments.get(player) or self.assignment(player)
            if assignment.slots:
                slots, rows = self._rows_of(assignment)
                mask[slots] = 1
                if features is not None:
                    features[slots] = rows
        return observation

    def _small_tables(self, assignment: SlotAssignment
                      ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float32] | None]:
        found = self._tables.get(id(assignment))
        if found is None or found[0] is not assignment:
            size = self.settings.codec.size
            mask = np.zeros(size, dtype=np.int8)
            table = np.zeros((size, self.settings.action_feature_size), np.float32) if self.featurizer else None
            if assignment.slots:
                slots, rows = self._rows_of(assignment)
                mask[slots] = 1
                if table is not None:
                    table[slots] = rows
            if len(self._tables) >= SLOT_ROWS_MEMO:
                self._tables.clear()
            found = self._tables[id(assignment)] = (assignment, mask, table)
        return found[1], found[2]

    def _rows_of(self, assignment: SlotAssignment
                 ) -> tuple[npt.NDArray[np.intp] | slice, npt.NDArray[np.float32] | None]:
        """The slots of an assignment as an index (a slice where they are 0..n-1), and their action features
        (memoised per assignment: a codec hands out the same one for the same legal list)."""
        found = self._slot_rows.get(id(assignment))
        if found is None or found[0] is not assignment:  # an id is only reused once its object is gone
            count = len(assignment.slots)
            slots: npt.NDArray[np.intp] | slice = (
                slice(0, count) if assignment.contiguous  # slots 0..n-1 (a legal-list codec)
                else np.fromiter(assignment.slots, dtype=np.intp, count=count))
            rows = None
            if self.featurizer is not None:
                rows = self.featurizer.rows(assignment.actions)
            if len(self._slot_rows) >= SLOT_ROWS_MEMO:
                self._slot_rows.clear()
            found = self._slot_rows[id(assignment)] = (assignment, slots, rows)
        return found[1], found[2]
