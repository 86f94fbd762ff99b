"""Tharos's own bot. ``greedy``: one step of lookahead over every legal action, judged by a position value.

The bot tries each legal action on a copy of the state and keeps the one whose outcome it values most (the pass
and ``done`` included, so it stops when nothing helps). The **value** of a position for the bot's seat is its
final score as it would stand now (medals, sets, owned buildings, mines, player cards; money at its exact 1/5 of
a point instead of the rounded one), plus what its engine is still worth while turns remain (weighted by the share
of the game left):

* **defence**: while the turn's attack is unresolved, reaching the attack strength (dice on the red field, combat
  bonuses, Kanonier's sure defence) is worth the combat point to come; falling short costs the mine and guild
  tile on the attacked landscape and a guild tile on the attack card, which brings the round-end damage: counted
  as the average, over the six round-end cards, of what the card's line for this round would take from the bot
  now (three jars in round 1, all its money or a medal in round 4). Tiles already on attack cards count the same.
  So it defends when it must and can (the harder, the more it holds), and spends no red dice on a defence it
  cannot reach;
* **engine**: bought dice (the bag grows), active player cards beyond their points (their actions), guild tiles
  on the Organiser / Manipulator, action cards in hand (counted, never read: the lookahead draws from the real
  deck, so a card's face must not sway the choice);
* **medals to come**: guild tiles on landscapes by the size of their largest connected group (exploring needs
  four), mines short of the three that score, ore and crystal tiles (trade medals), combat points (four make a
  combat medal);
* a little for each unused active die by its pips, so cheap dice are spent first and better dice kept for later.

Chance stays fair: each decision's lookahead runs with a generator drawn from the bot's own seed, never the
state's, so rolls and draws it tries are samples, not the real future. The bot's choices depend only on the state
and its seed, so a match replays.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from brassboard.engine import Action, GameState, Rng

from .attack import defence, strength
from .figures import MEDALS, NEIGHBOURS
from .rules import TharosState
from .scoring import score

TURNS = 16  # 4 rounds of 4 turns
GROUP_VALUE = (0.0, 0.6, 1.4, 2.4, 3.4)  # guild tiles on landscapes: by the largest connected group (max 4)
LOOSE_TILE = 0.3  # each landscape tile outside that group
MINE_PROGRESS = 0.9  # each mine while fewer than the 3 that score
ORE_CRYSTAL = 0.9  # each ore or crystal tile owned (trade medals)
COMBAT_POINT = 0.7  # each combat point (4 make a combat medal worth 3)
BOUGHT_DIE = 1.4  # each die bought off the market, at the start of the game
CARD_ENGINE = 2.0  # each active player card's action, at the start of the game
CARD_TILE = 0.4  # each guild tile on a player card (Organiser, Manipulator uses)
HAND_CARD = 0.7  # each action card in hand
MONEY_EXTRA = 0.08  # per jar beyond its 1/5 point, at the start of the game ...
MONEY_USEFUL = 14  # ... up to what a building with its ownership costs: more sitting money buys nothing
ATTACK_TILE = 0.3  # a guild tile on an attack card, beside the round-end damage it brings
TARGET_MINE = 1.0  # the mine on the attacked landscape, lost with the attack
TARGET_TILE = 0.5
DIE_PIP = 0.03  # each pip of an unused active die


def turns_left(state: TharosState) -> int:
    """Turns (Durchgänge) still to play, the current one included; 0 once the game is over."""
    board = state.board
    if board.step == "over":
        return 0
    return (4 - board.round) * 4 + (4 - board.turn) + 1


def largest_group(mask: int) -> int:
    """The size of the largest orthogonally connected group of landscapes in ``mask``."""
    best = 0
    seen = 0
    for cell in range(16):
        if not mask >> cell & 1 or seen >> cell & 1:
            continue
        group = frontier = 1 << cell
        while frontier:
            grown = 0
            for c in range(16):
                if frontier >> c & 1:
                    grown |= NEIGHBOURS[c]
            frontier = grown & mask & ~group
            group |= frontier
        seen |= group
        best = max(best, bin(group).count("1"))
    return best


def value(state: TharosState, p: int) -> float:
    """What the position is worth to player ``p`` (see the module docstring)."""
    g = state.guilds[p]
    board = state.board
    final = score(state, p)
    jars_per_point: int = state.fig.scoring["jars_per_point"]
    total: float = final.total - final.breakdown.get("jars", 0) + g.money / jars_per_point
    left = turns_left(state) / TURNS
    if not left:
        return total
    soon = min(1.0, 3 * left)  # medals to come need a few turns to be cashed
    bit = 1 << p
    tiles = sum(1 << c for c in range(16) if board.guild_on[c] & bit)
    group = min(largest_group(tiles), 4)
    total += soon * (GROUP_VALUE[group] + LOOSE_TILE * (bin(tiles).count("1") - group))
    mines = sum(1 for c in range(16) if board.mines_on[c] & bit)
    mines_needed: int = state.fig.scoring["mines_needed"]
    if mines < mines_needed:
        total += soon * MINE_PROGRESS * mines
    total += soon * ORE_CRYSTAL * (bin(g.ore).count("1") + bin(g.crystal).count("1"))
    total += COMBAT_POINT * g.combat_points
    total += soon * HAND_CARD * len(g.hand)
    market = sum(len(column) for column in g.market)
    total += left * BOUGHT_DIE * (sum(map(len, state.fig.market)) - market)
    total += left * (CARD_ENGINE * len(g.cards_active) + CARD_TILE * sum(g.card_tiles.values()))
    total += left * MONEY_EXTRA * min(g.money, MONEY_USEFUL)
    lost = sum(1 for tiles_on in board.attack_tiles if tiles_on & bit)
    if board.step == "actions" and board.attack_row:
        if g.sure_defence or defence(state, p) >= strength(state):
            total += COMBAT_POINT
        else:
            lost += 1
            target = board.target()
            total -= TARGET_MINE * bool(board.mines_on[target] & bit) + TARGET_TILE * bool(board.guild_on[target] & bit)
    if lost:
        total -= lost * (ATTACK_TILE + expected_damage(state, p, mines, tiles))
    total += DIE_PIP * sum(die & 15 for die in g.active)
    return total


def expected_damage(state: TharosState, p: int, mines: int, tiles: int) -> float:
    """What one round-end card drawn at random would cost ``p`` at this round's end, on average over the cards."""
    cards = state.fig.round_end
    rnd = state.board.round - 1
    total = sum(effect_cost(state, p, effect, n, mines, tiles)
                for rounds in cards.values() for effect, n in rounds[rnd])
    return total / len(cards)


def effect_cost(state: TharosState, p: int, effect: str, n: int, mines: int, tiles: int) -> float:
    """What one round-end damage would cost ``p`` now, in the units of :func:`value`."""
    g = state.guilds[p]
    medal_points: dict[str, int] = state.fig.scoring["medals"]
    per_jar: float = 1 / state.fig.scoring["jars_per_point"]
    if effect in ("jars", "half_jars", "all_jars"):
        jars = {"jars": min(n, g.money), "half_jars": (g.money + 1) // 2, "all_jars": g.money}[effect]
        return jars * per_jar
    if effect in medal_points:
        return min(n, g.medals[MEDALS.index(effect)]) * medal_points[effect]
    if effect == "return_card" and g.cards_active:
        best = max(state.fig.card_points.get(c, 0) for c in g.cards_active)
        return min(n, len(g.cards_active)) * (best + CARD_ENGINE)
    if effect == "mines":
        return min(n, mines) * (1.0 if mines >= 3 else MINE_PROGRESS)
    if effect == "land_tiles":
        return min(n, bin(tiles).count("1")) * 2 * LOOSE_TILE
    if effect == "card_tiles":
        return min(n, sum(g.card_tiles.values())) * CARD_TILE
    if effect == "action_cards":
        return min(n, len(g.hand)) * HAND_CARD
    if effect == "all_action_cards":
        return len(g.hand) * HAND_CARD
    return 0.0


class GreedyBot:
    """One-step lookahead with :func:`value` (module docstring)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    def choose(self, state: GameState, player: int) -> Action:
        assert isinstance(state, TharosState)
        actions = state.legal_actions(player)
        if not actions:
            raise ValueError(f"player {player} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        future = self.rng.getrandbits(63)  # one sample of the future for every option: a fair comparison
        best, best_value = actions[0], float("-inf")
        for action in actions:
            trial = state.clone()
            trial.rng = Rng(future)
            trial._legal = {player: actions}  # the listing is known: apply need not build it again
            trial.apply(player, action)
            worth = value(trial, player)
            if worth > best_value + 1e-9:
                best, best_value = action, worth
        return best


def position_value(state: GameState, p: int) -> float:
    """:func:`value` for any engine state: how the search (``mcts-strong``) judges a position at its horizon."""
    assert isinstance(state, TharosState)
    return value(state, p)


BOTS: dict[str, Callable[[int], GreedyBot]] = {"greedy": GreedyBot}
