"""The human seat's choices in the Tharos browser test: a pure function of the seat's view and legal actions.

The browser test carries each choice out by clicking; ``test_the_policy_reaches_every_feature`` plays the same policy
on the engine against the same bots, so the seed is known to reach what the browser test looks at: a player card
activated and its action used, a public building built and later used for its price, red dice on the attack field
and an attack fended off, an action card played with an action, dice bought, guild tiles on landscapes.

The policy plays plainly: it activates player cards when it can (up to three), uses their actions, builds a public
building (owning it) once it has the jars, uses built buildings now and then, defends when its dice reach the
attack strength, earns money with white dice, buys dice, places guild tiles, and otherwise passes.
"""

from __future__ import annotations

from typing import Any

SEED = 6
SEATS = ["human", "bot:random", "bot:random"]
GAME = "tharos"

CARD_ORDER = ["gunner", "rumblepoke", "banker", "manipulator", "steam_dyer", "organiser", "crystallographer",
              "ore_prospector", "cartographer", "steam_pressure_plant"]
BUILD_ORDER = ["civil_office", "secret_society", "survey_office", "notary", "new_market", "small_market",
               "large_market", "organisation_office"]
USE_ORDER = ["civil_office", "secret_society", "survey_office"]
# player-card actions the policy takes when offered (the others lead to long sub-decisions)
CARD_ACTIONS = ("card gunner fire", "card rumblepoke strike", "card banker money", "card manipulator tweak",
                "card gunner sure")


def dice_of(action: str) -> list[str]:
    words = action.split(" ")
    if "dice" not in words:
        return []
    return words[words.index("dice") + 1:]


def pips(action: str) -> int:
    return sum(int(t[1:]) for t in dice_of(action))


def _first(legal: list[str], prefix: str) -> list[str]:
    return [a for a in legal if a == prefix or a.startswith(prefix + " ")]


def choose(view: dict[str, Any], legal: list[str], seat: int) -> str:
    """The action the human seat takes now (one of ``legal``)."""
    if not legal:
        raise ValueError("no legal action")
    me = view["guilds"][seat]
    for plain in ("medal take", "release none", "draw", "roll"):
        if plain in legal:
            return plain
    kinds = {a.split(" ")[0] for a in legal}
    if not kinds & {"pass", "done"}:  # a decision (keep, discard, damage, give, a card's follow-up)
        skips = [a for a in legal if a.endswith(" skip") or a.endswith(" none")]
        return skips[0] if skips else sorted(legal)[0]
    if me["acted"]:
        # after the action: an action card with it when one is offered (once a turn at most), else end the turn
        plays = [a for a in legal if a.startswith("play ") and len(a.split(" ")) == 2]
        if plays and not me["card_played"]:
            return plays[0]
        return "done" if "done" in legal else legal[0]
    active = [c["id"] for c in me["cards_active"]]
    strength = view["strength"] or 0
    short = strength - me["defence"]
    # 1. defend when the red dice reach the attack strength (the fewest pips that do)
    if short > 0 and not me["sure_defence"]:
        defends = [a for a in legal if a.startswith("defend ") and pips(a) >= short]
        if defends:
            return min(defends, key=lambda a: (pips(a), a))
        for wanted in ("card gunner sure", "card rumblepoke strike", "card gunner fire"):
            offered = _first(legal, wanted)
            if offered and (wanted != "card gunner fire" or short <= 3):
                return min(offered, key=lambda a: (pips(a), a))
    # 2. activate a player card (up to three)
    if len(active) < 3:
        for card in CARD_ORDER:
            offered = _first(legal, f"activate {card}")
            if offered:
                return min(offered, key=lambda a: (pips(a), a))
    # 3. a player card's action
    for wanted in CARD_ACTIONS:
        offered = _first(legal, wanted)
        if offered and wanted not in ("card gunner fire", "card rumblepoke strike", "card gunner sure"):
            return sorted(offered)[0]
    # 4. build a public building, owning it
    for building in BUILD_ORDER:
        owned = [a for a in _first(legal, f"build {building}") if " own " in a and " from " not in a]
        if owned:
            return min(owned, key=lambda a: (pips(a), a))
    # 5. use a built building now and then (not in the turn it was built: its free use covers that)
    if me["money"] >= 12:
        for building in USE_ORDER:
            offered = [a for a in _first(legal, f"use {building}") if not a.endswith(" skip")]
            if offered:
                return sorted(offered)[0]
    # 6. money from white dice (the most)
    many = _first(legal, "money many")
    if many and me["money"] < 16:
        return max(many, key=lambda a: (pips(a), a))
    # 7. buy a die (the cheapest row first), a guild tile on a landscape, an action card
    buys = _first(legal, "buy")
    if buys and me["money"] >= 6:
        return min(buys, key=lambda a: (pips(a), a))
    lands = [a for a in _first(legal, "land") if " from " not in a]
    if lands and me["guild"] > 4:
        return min(lands, key=lambda a: (pips(a), a))
    singles = _first(legal, "cards single")
    if singles and me["hand_size"] < 2:
        return min(singles, key=lambda a: (pips(a), a))
    little = _first(legal, "money little")
    if little:
        return max(little, key=lambda a: (pips(a), a))
    return "pass" if "pass" in legal else legal[0]
