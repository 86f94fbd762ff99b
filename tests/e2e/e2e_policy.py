"""The human seat's choices in the Planet Steam browser test: a pure function of the seat's view and legal actions.

The browser test carries each choice out by clicking; a test without a browser (``test_e2e_policy.py``) plays the
same policy against the same bots on the engine, so the seed used in the browser is known to reach every phase the
test looks at (a tank bought, a converter, a trade, a certificate ...).

In the first ``RICH_ROUNDS`` rounds the seat plays a little: it bids above the minimum once, claims zones, activates,
buys a tank and an energy converter, buys and sells at the exchange and buys certificates. After that it plays the
simplest choices (pass, done, decline, the lowest bid), which finish the game quickly.
"""

from __future__ import annotations

from typing import Any

SEED = 7  # test_e2e_policy.py checks on the engine that this seed reaches every phase the browser test looks at
SEATS = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]
RICH_ROUNDS = 2
NO_CONVERTER = -1
WATER = 2


def _numbers(legal: list[str], prefix: str) -> list[int]:
    return sorted(int(text.rsplit(" ", 1)[1]) for text in legal if text.startswith(prefix))


def simple_choice(legal: list[str]) -> str:
    """The quickest legal choice: pass / done / decline / produce, else the lowest bid, else the first action."""
    for choice in ("pass", "done", "decline", "produce"):
        if choice in legal:
            return choice
    bids = _numbers(legal, "bid ")
    if bids:
        return f"bid {bids[0]}"
    return legal[0]


def choose(view: dict[str, Any], legal: list[str], seat: int) -> str:
    """The action the human seat takes now (one of ``legal``)."""
    if not legal:
        raise ValueError("no legal action")
    step: dict[str, Any] = view["agenda"][0]
    kind = step["k"]
    if view["round"] > RICH_ROUNDS:
        return simple_choice(legal)
    holdings = view["holdings"][seat]
    mine = [z for z, owner in enumerate(view["owner"]) if owner == seat]
    tanks = [z for z in mine if view["tank"][z]]
    names: list[str] = view["zone_names"]
    if kind == "setup_upgrade" and "upgrade water" in legal:
        return "upgrade water"
    if kind == "bid" and step["what"] == "specialist":
        bids = _numbers(legal, "bid ")
        # one raise above the minimum (the spinner's "+"), while the price is low
        if view["cards"][seat] < 0 and len(bids) > 1 and bids[1] <= 6:
            return f"bid {bids[1]}"
        return simple_choice(legal)
    if kind == "claim":
        claims = [text for text in legal if text.startswith("claim ") and text.endswith(" roll")]
        if claims:
            return claims[0]
    if kind == "activate":
        if "activate" in legal and holdings["goods"][WATER] >= 1 and holdings["credits"] >= 20:
            return "activate"
        return simple_choice(legal)
    if kind == "build":
        if len(tanks) < view["round"]:
            for text in legal:
                if text.startswith("buy-tank "):
                    return text
        converters = [z for z in tanks if view["converter"][z] != NO_CONVERTER]
        if len(converters) < view["round"]:
            for z in tanks:
                text = f"buy-converter {names[z]} energy"
                if view["converter"][z] == NO_CONVERTER and text in legal:
                    return text
        return simple_choice(legal)
    if kind == "trade":
        resource = ["quartz", "ore", "water", "energy"][step["r"]]
        buys = _numbers(legal, f"buy {resource} ")
        sells = _numbers(legal, f"sell {resource} ")
        if resource == "quartz" and len(buys) >= 2:
            return f"buy quartz {buys[1]}"  # two: the spinner's "+" once
        if resource == "energy" and sells:
            return f"sell energy {sells[0]}"
        return simple_choice(legal)
    if kind == "certificate":
        wanted = "buy-permit" if view["round"] == 1 else "buy-quarters"
        return wanted if wanted in legal else simple_choice(legal)
    if kind in ("pick", "divert", "speculate", "airship", "topple", "bonus", "engineer", "banker"):
        return legal[0]
    return simple_choice(legal)
