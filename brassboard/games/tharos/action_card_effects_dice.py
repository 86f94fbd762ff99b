"""Action cards that work on dice and combat, and the cards of the preparation and clean-up.

Cards 1, 5, 7, 8, 9, 10, 12, 16, 19, 22, 24, 25, 26, 28 (glossary numbers).

Cards played *with* the action they change (8, 16, 26: a die for "the chosen action"; 24: Much Money doubled) bind
it when played before it: ``turn_flags["bound"]`` holds the die's id and the core keeps only actions that use that
die; ``turn_flags["t3:double_money"]`` lets only Much Money follow and doubles it. The core drops both when the
action is over, so they never reach a later action. Card 24 may also follow its Much Money (cards are played
"vor oder nach der gewählten Aktion"): it then pays that action's jars once more.

Card 22 keeps up to two dice across turns in ``guild.stored`` (the card lies out while it holds dice); at each
preparation after the draw the player decides which of them join the drawn dice (decision ``t3:reserve``,
actions ``release none`` / ``release <colours>``); the empty card goes to the discard pile.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from brassboard.engine import Action, IllegalAction

from . import dice
from .action_cards import ACTION_WINDOWS, BEFORE_ONLY, Effect, Generator, deck, guild_of, register
from .figures import LETTERS
from .hooks import HOOKS

if TYPE_CHECKING:
    from .rules import TharosState
    from .state import Guild

Args = tuple[object, ...]
BIND = "bound"              # the core keeps only actions using this die (turn.main_actions)
DOUBLE_MONEY = "t3:double_money"
LAST_MUCH = "t3:last_much"     # jars of this player-turn's Much Money, while card 24 could still double them
PICKED = "t3:picked"          # dice card 1 took from the discard in this preparation (the draw is that much smaller)
RELEASED = "t3:released"      # reserve dice (card 22) added in this preparation: card 9 does not redraw them
RESERVE = "t3:reserve"        # the decision after the draw: which dice of card 22 join
VIRTUAL_ID = dice.VIRTUAL


def _emit(state: TharosState, player: int, card: int, **data: object) -> None:
    state.emit("action_card", player=player, card=card, **data)


def _colour_of_id(state: TharosState, die_id: int) -> int:
    return LETTERS.index(state.fig.die_colours[die_id])


def _colour_multisets(state: TharosState, ids: list[int], size: int) -> Iterator[tuple[str, ...]]:
    """Every distinct choice of ``size`` dice out of ``ids`` by colour (dice of one colour are alike unrolled)."""
    letters = sorted((state.fig.die_colours[i] for i in ids), key=LETTERS.index)
    seen: set[tuple[str, ...]] = set()
    for combo in combinations(letters, size):
        if combo not in seen:
            seen.add(combo)
            yield combo


def _take_by_colour(state: TharosState, pool: list[int], letters: Args) -> list[int]:
    """Remove one die of each colour letter from ``pool`` (lowest id first); returns their ids."""
    taken = []
    for letter in letters:
        die_id = min(i for i in pool if state.fig.die_colours[i] == letter)
        pool.remove(die_id)
        taken.append(die_id)
    return taken


def _roll_into_active(state: TharosState, player: int, die_ids: list[int], why: str) -> list[str]:
    """Roll the given dice (new to the active dice) and add them; returns their tokens."""
    guild = guild_of(state, player)
    tokens = []
    for die_id in die_ids:
        die = dice.encode(die_id, _colour_of_id(state, die_id), state.roll_die())
        guild.active.append(die)
        tokens.append(dice.token(die))
    state.emit("dice_rolled", player=player, dice=list(tokens), why=why, chance=True)
    return tokens


def _roll_drawn(state: TharosState, player: int, die_ids: list[int], why: str) -> list[str]:
    """Roll dice that ``draw_dice`` put into the active dice unrolled (pips 0)."""
    guild = guild_of(state, player)
    wanted = set(die_ids)
    tokens = []
    for i, die in enumerate(guild.active):
        if dice.die_id(die) in wanted and dice.pips(die) == 0:
            guild.active[i] = die = dice.encode(dice.die_id(die), dice.colour(die), state.roll_die())
            tokens.append(dice.token(die))
    state.emit("dice_rolled", player=player, dice=list(tokens), why=why, chance=True)
    return tokens


# ----- 1: five dice of choice from the discard instead of the draw (preparation) -------------------------------
def gen_1(state: TharosState, player: int, window: str) -> Iterator[Args]:
    guild = guild_of(state, player)
    if guild.discard:
        yield from _colour_multisets(state, guild.discard, min(deck(state).cards[1].int_param("dice"),
                                                               len(guild.discard)))


def eff_1(state: TharosState, player: int, args: Args) -> None:
    guild = guild_of(state, player)
    taken = _take_by_colour(state, guild.discard, args)
    for die_id in taken:
        guild.active.append(dice.encode(die_id, _colour_of_id(state, die_id), 0))
    guild.turn_flags[PICKED] = len(taken)
    _emit(state, player, 1, dice=[str(a) for a in args])


def draw_count(state: TharosState, player: int, amount: int) -> int:
    """Card 1 replaces the draw: the bag gives only what the chosen dice leave of it."""
    picked = guild_of(state, player).turn_flags.pop(PICKED, 0)
    return max(0, amount - picked)


# ----- 5: a white field a second time ----------------------------------------------------------------------------
def gen_5(state: TharosState, player: int, window: str) -> Iterator[Args]:
    yield ()


def eff_5(state: TharosState, player: int, args: Args) -> None:
    guild_of(state, player).field_extra += 1
    _emit(state, player, 5, field_extra=guild_of(state, player).field_extra)


# ----- 7: combat +2 ---------------------------------------------------------------------------------------------
def gen_7(state: TharosState, player: int, window: str) -> Iterator[Args]:
    yield ()


def eff_7(state: TharosState, player: int, args: Args) -> None:
    combat = deck(state).cards[7].int_param("combat")
    guild_of(state, player).combat += combat
    _emit(state, player, 7, combat=combat)


# ----- 8 and 26: a die of choice from the bag / the discard, rolled, for the coming action ----------------------
def _gen_pick(pool_name: str) -> Generator:
    def gen(state: TharosState, player: int, window: str) -> Iterator[Args]:
        guild = guild_of(state, player)
        if BIND in guild.turn_flags:  # the coming action is already bound to a die (Steam Dyer)
            return
        pool: list[int] = getattr(guild, pool_name)
        for letter in LETTERS:
            if any(state.fig.die_colours[i] == letter for i in pool):
                yield (letter,)

    return gen


def _eff_pick(number: int, pool_name: str) -> Effect:
    def eff(state: TharosState, player: int, args: Args) -> None:
        guild = guild_of(state, player)
        (die_id,) = _take_by_colour(state, getattr(guild, pool_name), args)
        tokens = _roll_into_active(state, player, [die_id], f"action card {number}")
        guild.turn_flags[BIND] = die_id
        _emit(state, player, number, die=tokens[0], source=pool_name)

    return eff


# ----- 9: redraw the drawn dice (preparation, after the draw) -----------------------------------------------------
def _drawn_ids(guild: Guild) -> list[int]:
    released = guild.turn_flags.get(RELEASED, 0)
    return [dice.die_id(d) for d in guild.active
            if d & 15 == 0 and dice.die_id(d) < VIRTUAL_ID and not released >> dice.die_id(d) & 1]


def gen_9(state: TharosState, player: int, window: str) -> Iterator[Args]:
    if _drawn_ids(guild_of(state, player)):
        yield ()


def eff_9(state: TharosState, player: int, args: Args) -> None:
    guild = guild_of(state, player)
    ids = set(_drawn_ids(guild))
    guild.active = [d for d in guild.active if dice.die_id(d) not in ids]
    guild.discard.extend(sorted(ids))
    _emit(state, player, 9, redrawn=len(ids))
    state.draw_dice(player, len(ids))


# ----- 10: any active die to any face 1..6 ------------------------------------------------------------------------
def gen_10(state: TharosState, player: int, window: str) -> Iterator[Args]:
    card = deck(state).cards[10]
    for die in dice.distinct(guild_of(state, player)):
        for face in range(card.int_param("min_pip"), card.int_param("max_pip") + 1):
            if face != dice.pips(die):
                yield dice.token(die), face


def eff_10(state: TharosState, player: int, args: Args) -> None:
    guild = guild_of(state, player)
    (index,) = dice.find(guild, [str(args[0])])
    die = guild.active[index]
    guild.active[index] = dice.encode(dice.die_id(die), dice.colour(die), int(str(args[1])))
    _emit(state, player, 10, die=str(args[0]), to=int(str(args[1])))


# ----- 12: reroll any unused dice ---------------------------------------------------------------------------------
def gen_12(state: TharosState, player: int, window: str) -> Iterator[Args]:
    for keys in dice.subsets(guild_of(state, player)):
        yield dice.tokens_of(keys)


def eff_12(state: TharosState, player: int, args: Args) -> None:
    guild = guild_of(state, player)
    indices = dice.find(guild, [str(a) for a in args])
    tokens = []
    for index in indices:
        die = guild.active[index]
        guild.active[index] = die = dice.encode(dice.die_id(die), dice.colour(die), state.roll_die())
        tokens.append(dice.token(die))
    state.emit("dice_rolled", player=player, dice=tokens, why="action card 12", chance=True)
    _emit(state, player, 12, rerolled=[str(a) for a in args], now=list(tokens))


# ----- 16: the card as a die of any colour and value --------------------------------------------------------------
def gen_16(state: TharosState, player: int, window: str) -> Iterator[Args]:
    if BIND in guild_of(state, player).turn_flags:  # the coming action is already bound to a die (Steam Dyer)
        return
    for letter in LETTERS:
        for face in range(1, 7):
            yield (f"{letter}{face}",)


def eff_16(state: TharosState, player: int, args: Args) -> None:
    guild = guild_of(state, player)
    colour, face = dice.parse_token(args[0])
    die_id = VIRTUAL_ID + sum(1 for d in guild.active + guild.placed if dice.die_id(d) >= VIRTUAL_ID)
    guild.active.append(dice.encode(die_id, colour, face))
    guild.turn_flags[BIND] = die_id
    _emit(state, player, 16, die=str(args[0]))


# ----- 19: combat +4, or 2 dice drawn and rolled, or a market die free to the discard -----------------------------
def gen_19(state: TharosState, player: int, window: str) -> Iterator[Args]:
    guild = guild_of(state, player)
    yield ("combat",)
    if guild.bag or guild.discard:
        yield ("draw",)
    for column, dice_ids in enumerate(guild.market):
        for die_id in dice_ids:
            yield "market", state.fig.die_colours[die_id], column + 1


def eff_19(state: TharosState, player: int, args: Args) -> None:
    card = deck(state).cards[19]
    guild = guild_of(state, player)
    if args[0] == "combat":
        guild.combat += card.int_param("combat")
        _emit(state, player, 19, combat=card.int_param("combat"))
    elif args[0] == "draw":
        drawn = state.draw_dice(player, card.int_param("draw_dice"))
        tokens = _roll_drawn(state, player, drawn, "action card 19")
        _emit(state, player, 19, dice=tokens)
    else:
        column = guild.market[int(str(args[2])) - 1]
        die_id = next(i for i in column if state.fig.die_colours[i] == args[1])
        column.remove(die_id)  # the dice above slide down
        guild.discard.append(die_id)
        _emit(state, player, 19, market=str(args[1]), column=int(str(args[2])))


# ----- 22: two of this turn's dice kept on the card (clean-up) ----------------------------------------------------
def _turn_dice(guild: Guild) -> list[int]:
    return [dice.die_id(d) for d in guild.active + guild.placed if dice.die_id(d) < VIRTUAL_ID]


def gen_22(state: TharosState, player: int, window: str) -> Iterator[Args]:
    guild = guild_of(state, player)
    ids = _turn_dice(guild)
    if ids and not guild.stored:
        yield from _colour_multisets(state, ids, min(deck(state).cards[22].int_param("dice"), len(ids)))


def eff_22(state: TharosState, player: int, args: Args) -> bool:
    guild = guild_of(state, player)
    pool = _turn_dice(guild)
    kept = _take_by_colour(state, pool, args)
    for die_id in kept:
        for i, die in enumerate(guild.active):
            if dice.die_id(die) == die_id:
                del guild.active[i]
                break
        else:
            i = next(i for i, die in enumerate(guild.placed) if dice.die_id(die) == die_id)
            del guild.placed[i]
            del guild.placed_on[i]
    guild.stored = sorted(kept)
    _emit(state, player, 22, kept=[str(a) for a in args])
    return True  # the card lies out until its dice are used


def after_draw(state: TharosState, player: int) -> None:
    """Card 22: with dice on it, the player decides after the draw which of them join the drawn dice."""
    if guild_of(state, player).stored:
        state.push(player, RESERVE)


def reserve_choices(state: TharosState, player: int) -> list[Action]:
    guild = guild_of(state, player)
    ids = guild.stored
    choices = [Action("release", "none")]
    for size in range(1, len(ids) + 1):
        choices += [Action("release", *combo) for combo in _colour_multisets(state, ids, size)]
    return choices


def reserve_apply(state: TharosState, player: int, action: Action) -> None:
    if action not in reserve_choices(state, player):
        raise IllegalAction(f"action card 22 (Reserve): {action} names dice not lying on the card; "
                            "choose 'release none' or dice of the card's colours")
    state.pop(player, RESERVE)
    guild = guild_of(state, player)
    if action.args == ("none",):
        state.emit("action_card", player=player, card=22, released=[])
        return
    released = _take_by_colour(state, guild.stored, action.args)
    for die_id in released:
        guild.turn_flags[RELEASED] = guild.turn_flags.get(RELEASED, 0) | 1 << die_id
        guild.active.append(dice.encode(die_id, _colour_of_id(state, die_id), 0))  # rolled with the drawn dice
    state.emit("action_card", player=player, card=22, released=[str(a) for a in action.args])
    if not guild.stored:
        # "Ist die Karte leer, wirft der Spieler diese auf den Ablagestapel"
        state.board.action_discard.append(22)


# ----- 24: Much Money doubled -------------------------------------------------------------------------------------
def gen_24(state: TharosState, player: int, window: str) -> Iterator[Args]:
    if window == "after":
        # after the Much Money it doubles: the same amount once more ("die doppelte Menge")
        if LAST_MUCH in guild_of(state, player).turn_flags:
            yield ()
        return
    # before: only when Much Money is possible now, which must then follow
    from .board_actions import field_actions

    if any(a.args[:1] == ("many",) for a in field_actions(state, player, "money")):
        yield ()


def eff_24(state: TharosState, player: int, args: Args) -> None:
    guild = guild_of(state, player)
    if state.card_window(player) == "after":
        jars = guild.turn_flags.pop(LAST_MUCH)
        state.gain_money(player, jars)
        _emit(state, player, 24, jars=jars)
        return
    guild.turn_flags[DOUBLE_MONEY] = 1
    _emit(state, player, 24)


def only_much_money(state: TharosState, player: int, action: Action) -> bool:
    """After card 24 the action must be Much Money (the core drops the mark when the action is over)."""
    if guild_of(state, player).turn_flags.get(DOUBLE_MONEY):
        return action.kind == "money" and action.args[:1] == ("many",)
    return True


def much_money(state: TharosState, player: int, amount: int) -> int:
    flags = guild_of(state, player).turn_flags
    if flags.pop(DOUBLE_MONEY, 0):
        return amount * deck(state).cards[24].int_param("factor")
    if 24 in guild_of(state, player).hand:
        flags[LAST_MUCH] = amount  # card 24 may still follow this action and double it
    return amount


def forget_much_money(state: TharosState, player: int, action: Action) -> None:
    """A later action than the Much Money ends the chance to double it."""
    if not (action.kind == "money" and action.args[:1] == ("many",)):
        guild_of(state, player).turn_flags.pop(LAST_MUCH, None)


# ----- 25: a die up or down by exactly 2 --------------------------------------------------------------------------
def gen_25(state: TharosState, player: int, window: str) -> Iterator[Args]:
    card = deck(state).cards[25]
    for die in dice.distinct(guild_of(state, player)):
        if dice.pips(die) + card.int_param("delta") <= card.int_param("max_pip"):
            yield dice.token(die), "up"
        if dice.pips(die) >= 2:  # "nicht unter 1 senken; Er darf aber eine 2 auf 1 senken"
            yield dice.token(die), "down"


def eff_25(state: TharosState, player: int, args: Args) -> None:
    guild = guild_of(state, player)
    delta = deck(state).cards[25].int_param("delta")
    (index,) = dice.find(guild, [str(args[0])])
    die = guild.active[index]
    new = dice.pips(die) + delta if args[1] == "up" else max(1, dice.pips(die) - delta)
    guild.active[index] = dice.encode(dice.die_id(die), dice.colour(die), new)
    _emit(state, player, 25, die=str(args[0]), to=new)


# ----- 28: 2 dice of choice from the bag, rolled; or 3 action cards, keep 1 ---------------------------------------
def gen_28(state: TharosState, player: int, window: str) -> Iterator[Args]:
    guild = guild_of(state, player)
    if guild.bag:
        for combo in _colour_multisets(state, guild.bag, min(deck(state).cards[28].int_param("pick_dice"),
                                                              len(guild.bag))):
            yield ("bag", *combo)
    if state.board.action_deck or state.board.action_discard:
        yield ("cards",)


def eff_28(state: TharosState, player: int, args: Args) -> None:
    guild = guild_of(state, player)
    if args[0] == "bag":
        taken = _take_by_colour(state, guild.bag, args[1:])
        tokens = _roll_into_active(state, player, taken, "action card 28")
        _emit(state, player, 28, dice=tokens)
        return
    drawn = []
    for _ in range(deck(state).cards[28].int_param("draw_cards")):
        card = state.draw_action_card()
        if card is None:
            break
        drawn.append(card)
    state.board.drawn = drawn
    state.emit("cards_drawn", player=player, n=len(drawn), cards=list(drawn), private_to=player,
               secret=["cards"])
    state.push(player, "keep")
    _emit(state, player, 28, drew=len(drawn))


_ACTION_CARDS: dict[int, tuple[tuple[str, ...], Generator, Effect]] = {
    5: (ACTION_WINDOWS, gen_5, eff_5),
    7: (ACTION_WINDOWS, gen_7, eff_7),
    8: (BEFORE_ONLY, _gen_pick("bag"), _eff_pick(8, "bag")),
    10: (ACTION_WINDOWS, gen_10, eff_10),
    12: (ACTION_WINDOWS, gen_12, eff_12),
    16: (BEFORE_ONLY, gen_16, eff_16),
    19: (ACTION_WINDOWS, gen_19, eff_19),
    24: (ACTION_WINDOWS, gen_24, eff_24),
    25: (ACTION_WINDOWS, gen_25, eff_25),
    26: (BEFORE_ONLY, _gen_pick("discard"), _eff_pick(26, "discard")),
    28: (ACTION_WINDOWS, gen_28, eff_28),
    1: (("prep",), gen_1, eff_1),
    9: (("drawn",), gen_9, eff_9),
    22: (("cleanup",), gen_22, eff_22),
}
for _number, (_windows, _gen, _eff) in _ACTION_CARDS.items():
    register(_number, _windows, _gen, _eff)
HOOKS.draw_count.append(draw_count)
HOOKS.much_money.append(much_money)
HOOKS.action_filter.append(only_much_money)
HOOKS.on_action.append(forget_much_money)
HOOKS.after_draw.append(after_draw)
HOOKS.register_decision(RESERVE, reserve_choices, reserve_apply, action_kinds=("release",))
