"""Planet Unknown data files: load every TOML and check the figures the reference states.

Reference: shared/reference/planet_unknown.md (section numbers in the comments).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources
from typing import Any

import pytest

FILES = ["tiles", "planet", "corporation", "susan", "civ_cards", "objectives", "events", "solo"]
TRACKS = ["civ", "water", "biomass", "rover", "tech"]
RESOURCES = [*TRACKS, "energy"]


def load(name: str) -> dict[str, Any]:
    data = resources.files("brassboard.games.planet_unknown") / "data" / f"{name}.toml"
    return tomllib.loads(data.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def d() -> dict[str, dict[str, Any]]:
    return {name: load(name) for name in FILES}


def neighbours(c: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = c
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def connected(cells: set[tuple[int, int]]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


@pytest.mark.parametrize("name", FILES)
def test_every_file_loads(name: str) -> None:
    assert load(name)


def test_package_imports() -> None:
    import brassboard.games.planet_unknown as pu

    assert "issue 4" in (pu.__doc__ or "")


# ---- tiles (§1, §2.1, §2.2) -----------------------------------------------------------------------------
def test_shapes(d: dict[str, dict[str, Any]]) -> None:
    t = d["tiles"]
    shapes = t["shapes"]
    assert len(shapes) == t["shapes_count"] == 12
    assert sorted(s["id"] for s in shapes) == list(range(12))
    assert len({s["name"] for s in shapes}) == 12
    assert Counter(s["ring"] for s in shapes) == {"interior": 6, "exterior": 6}
    for s in shapes:
        a = {tuple(c) for c in s["part_a"]}
        b = {tuple(c) for c in s["part_b"]}
        cells = a | b
        assert not a & b, s["name"]
        assert len(cells) == s["size"], s["name"]
        assert connected(cells), s["name"]
        assert min(x for x, _ in cells) == 0 and min(y for _, y in cells) == 0, s["name"]
        assert tuple(s["icon_a"]) in a and tuple(s["icon_b"]) in b, s["name"]
        meteor = tuple(s["meteor"])
        assert meteor in cells, s["name"]
        # the meteor never lies on an icon, except on the domino (shares the B icon)
        on_icon = meteor in (tuple(s["icon_a"]), tuple(s["icon_b"]))
        assert on_icon == (s["name"] == "D2"), s["name"]
        # the two parts touch (ref §5.4: energy option (a) is always available)
        assert any(n in b for c in a for n in neighbours(c)), s["name"]
    # ring sizes: interior shapes are the small ones
    assert {s["size"] for s in shapes if s["ring"] == "interior"} <= {2, 3, 4}
    assert {s["size"] for s in shapes if s["ring"] == "exterior"} <= {4, 5}


def test_families(d: dict[str, dict[str, Any]]) -> None:
    fams = d["tiles"]["families"]
    assert sorted(f["id"] for f in fams) == list(range(6))
    for f in fams:
        assert f["a"] != f["b"] and f["a"] in RESOURCES and f["b"] in RESOURCES
    # each resource is in exactly two families
    assert Counter([f["a"] for f in fams] + [f["b"] for f in fams]) == dict.fromkeys(RESOURCES, 2)


def test_the_144_tiles(d: dict[str, dict[str, Any]]) -> None:
    t = d["tiles"]
    tiles = t["stock"]["tiles"]
    fams = {f["id"]: f for f in t["families"]}
    assert len(tiles) == t["total"] == 144
    assert sorted(x["type"] for x in tiles) == list(range(144))
    assert Counter(x["shape"] for x in tiles) == dict.fromkeys(range(12), t["tiles_per_shape"])
    assert sum(x["meteor"] for x in tiles) == t["distribution"]["meteor_tiles"] == 72
    assert Counter((x["shape"], x["family"], x["meteor"]) for x in tiles) == {
        (s, f, m): 1 for s in range(12) for f in range(6) for m in (False, True)
    }
    for x in tiles:
        assert x["type"] == (2 * x["family"] + int(x["meteor"])) * 12 + x["shape"]
    per_resource = Counter(r for x in tiles for r in (fams[x["family"]]["a"], fams[x["family"]]["b"]))
    assert per_resource == dict.fromkeys(RESOURCES, t["distribution"]["tiles_per_resource"])
    assert set(t["distribution"]["removed_by_player_count"].values()) == {0}


# ---- planet (§3) ----------------------------------------------------------------------------------------
def test_planet(d: dict[str, dict[str, Any]]) -> None:
    p = d["planet"]
    g = p["grid"]
    rows = g["rows"]
    assert len(rows) == g["height"] == 12 and {len(r) for r in rows} == {g["width"]} == {12}
    cells = {(x, y): ch for y, r in enumerate(rows) for x, ch in enumerate(r) if ch != "."}
    assert set("".join(rows)) == {".", "L", "I", "P"}
    assert len(cells) == g["squares"] == 96
    ice = {c for c, ch in cells.items() if ch == "I"}
    assert len(ice) == g["ice_squares"] == 21
    assert sum(ch in "LP" for ch in cells.values()) == g["land_squares"] == 75
    assert sum(ch == "L" for ch in cells.values()) == g["plain_land_squares"] == 69
    assert ice == {tuple(c) for c in g["ice"]}
    pods = {tuple(c) for c in g["lifepods"]}
    assert len(pods) == 6 and pods == {c for c, ch in cells.items() if ch == "P"}
    per_row = [sum(ch != "." for ch in r) for r in rows]
    per_col = [sum(r[x] != "." for r in rows) for x in range(12)]
    assert per_row == per_col == [2, 6, 8, 10, 10, 12, 12, 10, 10, 8, 6, 2]
    assert [sum(ch == "I" for ch in r) for r in rows] == [0, 1, 4, 3, 1, 3, 3, 2, 2, 1, 1, 0]
    assert [sum(r[x] == "I" for r in rows) for x in range(12)] == [2, 2, 0, 5, 3, 6, 0, 0, 2, 1, 0, 0]
    perim = {c for c in cells if sum(n in cells for n in neighbours(c)) < 4}
    assert perim == {tuple(c) for c in g["perimeter"]} and len(perim) == 28
    assert connected(set(cells))
    assert g["row_medals"] == g["column_medals"] == [1, 1, 1, 2, 2, 3, 3, 2, 2, 1, 1, 1]
    assert sum(g["row_medals"]) + sum(g["column_medals"]) == g["max_planet_score"] == 40


# ---- corporation (§4) -----------------------------------------------------------------------------------
def test_corporation(d: dict[str, dict[str, Any]]) -> None:
    c = d["corporation"]
    r = c["track_range"]
    assert (r["min"], r["max"], r["start"]) == (0, 15, 0)
    assert c["order"] == TRACKS and set(c["tracks"]) == set(TRACKS)
    positions = range(r["min"], r["max"] + 1)
    top = 0
    for name, t in c["tracks"].items():
        medal_pos = [m["position"] for m in t["medals"]]
        assert medal_pos == sorted(medal_pos) and set(medal_pos) <= set(positions), name
        values = [m["medal"] for m in t["medals"]]
        assert values == sorted(values), name
        assert medal_pos[-1] == 15, name  # every track's top scores
        top += values[-1]
        for key in ("synergy", "biomass_milestones", "rover_milestones"):
            assert set(t.get(key, [])) <= set(positions) - {0}, (name, key)
    assert top == c["scoring"]["max_track_score"] == 30
    tr = c["tracks"]
    assert {n: tr[n]["synergy"] for n in TRACKS} == {
        "civ": [8, 11], "water": [3, 7, 12], "biomass": [2, 10], "rover": [10], "tech": [2, 12]}
    assert [(m["position"], m["rank"]) for m in tr["civ"]["civ_milestones"]] == [(3, 1), (6, 2), (10, 3), (14, 4)]
    assert tr["biomass"]["biomass_milestones"] == [3, 6, 9, 11, 13]
    assert tr["rover"]["rover_milestones"] == [1, 6] and len(tr["rover"]["rover_milestones"]) == c["rovers"] == 2
    assert [(m["position"], m["level"]) for m in tr["tech"]["tech_milestones"]] == [
        (3, 1), (5, 2), (7, 3), (10, 4), (14, 5)]
    move = tr["rover"]["move"]
    assert len(move) == 16 and move == sorted(move) and max(move) == c["track_range"]["rover_overflow_move"] == 4
    assert [lv["level"] for lv in c["tech_levels"]] == [1, 2, 3, 4, 5]


# ---- S.U.S.A.N. (§2.3) ----------------------------------------------------------------------------------
def test_susan(d: dict[str, dict[str, Any]]) -> None:
    s = d["susan"]
    shapes = {x["id"]: x for x in d["tiles"]["shapes"]}
    assert s["depots"]["count"] == 6 and s["depots"]["tiles_per_stack"] == d["tiles"]["tiles_per_shape"]
    rings = s["rings"]
    assert sorted(rings["interior"] + rings["exterior"]) == list(range(12))
    assert all(shapes[i]["ring"] == "interior" for i in rings["interior"])
    assert all(shapes[i]["ring"] == "exterior" for i in rings["exterior"])
    assert (rings["shift_min"], rings["shift_max"]) == (0, 5)
    seats = s["seats"]
    assert sorted(int(k) for k in seats) == [1, 2, 3, 4, 5, 6]
    for k, v in seats.items():
        assert len(v) == int(k) == len(set(v)) and set(v) <= set(range(6))
    rot = s["rotation"]
    assert sorted(rot["commander_chooses"] + rot["auto_one_step"]) == [1, 2, 3, 4, 5, 6]
    assert 6 * s["depots"]["tiles_per_stack"] * 2 == d["tiles"]["total"]


# ---- civ cards (§6) -------------------------------------------------------------------------------------
def test_civ_cards(d: dict[str, dict[str, Any]]) -> None:
    c = d["civ_cards"]
    cards = c["deck"]["cards"]
    assert len(cards) == c["total"] == 36
    assert sorted(x["id"] for x in cards) == list(range(1, 37))
    assert Counter(x["rank"] for x in cards) == dict.fromkeys([1, 2, 3, 4], c["per_rank"]) == dict.fromkeys(
        [1, 2, 3, 4], 9)
    singles = [x for x in cards if "series" not in x]
    assert Counter(x["rank"] for x in singles) == dict.fromkeys([1, 2, 3, 4], c["singles_per_rank"])
    assert sorted(x["id"] for x in singles) == list(range(1, 29))
    for series in c["series"]:
        members = [x for x in cards if x.get("series") == series]
        assert sorted(x["rank"] for x in members) == [1, 2, 3, 4], series
    for x in cards:
        assert x["timing"] in ("immediate", "end_game") and x["kind"] and x["text"] and x["name"]
    assert len({x["name"] for x in cards}) == 36
    assert c["setup"]["kept_per_rank"] == {"1": 2, "2": 3, "3": 4, "4": 5, "5": 6, "6": 7}
    assert c["commerce_agreement"]["medals_by_count"] == [0, 1, 3, 6, 10]
    # every civ milestone's rank exists in the deck
    ranks = {m["rank"] for m in d["corporation"]["tracks"]["civ"]["civ_milestones"]}
    assert ranks == {x["rank"] for x in cards}
    assert d["solo"]["setup"]["civ_cards_per_rank"] == c["setup"]["kept_per_rank"]["1"]


# ---- objectives (§7) ------------------------------------------------------------------------------------
def test_objectives(d: dict[str, dict[str, Any]]) -> None:
    o = d["objectives"]
    cards = o["deck"]["cards"]
    assert len(cards) == o["total"] == 28
    assert sorted(x["id"] for x in cards) == list(range(o["first_id"], o["last_id"] + 1)) == list(range(37, 65))
    names = [x[side]["name"] for x in cards for side in ("private", "neighbor")]
    assert len(set(names)) == 56
    tracks = set(TRACKS)
    for x in cards:
        for side in ("private", "neighbor"):
            e = x[side]
            assert e["kind"] and e["text"]
            for key in ("terrain", "resource"):
                if key in e and e["kind"] != "none_uncovered":
                    assert e[key] in RESOURCES, (x["id"], side)
            if "track" in e:
                assert e["track"] in tracks
    # the ids of the civ cards, objectives and events do not overlap (BGA numbering)
    assert max(x["id"] for x in d["civ_cards"]["deck"]["cards"]) < o["first_id"]
    assert o["last_id"] < min(x["id"] for x in d["events"]["deck"]["cards"])
    assert (o["scoring"]["private_completed"], o["scoring"]["neighbor_win"], o["scoring"]["neighbor_tie"]) == (5, 5, 2)


# ---- events (§8) ----------------------------------------------------------------------------------------
def test_events(d: dict[str, dict[str, Any]]) -> None:
    e = d["events"]
    cards = e["deck"]["cards"]
    assert len(cards) == e["total"] == 60
    assert sorted(x["id"] for x in cards) == list(range(65, 125))
    assert Counter(x["colour"] for x in cards) == {"green": 20, "orange": 20, "red": 20}
    for colour, rng in e["colours"].items():
        ids = [x["id"] for x in cards if x["colour"] == colour]
        assert ids == list(range(rng["first_id"], rng["last_id"] + 1)) and len(ids) == rng["count"]
    solo = sorted(x["id"] for x in cards if x["solo"])
    assert solo == [65, 66, 67, 79, 110, 116] and len(solo) == e["solo_only"]
    for x in cards:
        assert x["kind"] and x["text"]
        assert set(x.get("tracks", [])) <= set(TRACKS)
        if "terrain" in x:
            assert x["terrain"] in RESOURCES
    pairs = [tuple(x["tracks"]) for x in cards if x["kind"] == "advance_pair"]
    assert len(pairs) == len(set(pairs)) == 10
    assert pairs == [tuple(x["tracks"]) for x in cards if x["kind"] == "regress_pair"]
    assert sorted(x["terrain"] for x in cards if x["kind"] == "rover_forbidden_terrain") == sorted(RESOURCES)
    assert e["deck"]["size"] == 20
    assert 20 - e["deck"]["bga_random_green_max"] - e["deck"]["bga_random_orange_max"] <= 0


# ---- solo (§9) ------------------------------------------------------------------------------------------
def test_solo(d: dict[str, dict[str, Any]]) -> None:
    s = d["solo"]
    t = s["target"]
    assert t["base"] == 60
    assert t["bands"][0][0] == 0 and t["bands"][-1] == [15]
    for lo, hi in zip(t["bands"], t["bands"][1:], strict=False):
        assert hi[0] == lo[1] + 1
    for colour in ("red", "orange", "green"):
        assert len(t[colour]) == len(t["bands"]) and t[colour][0] == 0
    assert t["red"] == [0, -5, -7, -9, -11] and t["orange"] == [0, -1, -2, -3, -4] and t["green"] == [0, 3, 6, 9, 12]
    assert s["result"]["thresholds"] == [-15, -10, -5, 0, 5, 10, 15]
    o = d["objectives"]["setup"]
    assert (s["setup"]["private_objectives_dealt"], s["setup"]["private_objectives_kept"]) == (
        o["solo_private_dealt"], o["solo_private_kept"])


# ---- German card texts ([DESIGN] our paraphrases) --------------------------------------------------------
def card_sides(d: dict[str, dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Every card face carrying a text: civ cards, both objective sides, events."""
    sides = [(f"civ {x['id']}", x) for x in d["civ_cards"]["deck"]["cards"]]
    sides += [(f"objective {x['id']} {side}", x[side]) for x in d["objectives"]["deck"]["cards"]
              for side in ("private", "neighbor")]
    sides += [(f"event {x['id']}", x) for x in d["events"]["deck"]["cards"]]
    return sides


def test_card_texts_have_german(d: dict[str, dict[str, Any]]) -> None:
    sides = card_sides(d)
    assert len(sides) == 36 + 2 * 28 + 60
    for label, x in sides:
        de = x.get("text_de")
        assert isinstance(de, str) and de.strip(), label
        assert de != x["text"], label


def test_static_figures_carry_german_card_texts(d: dict[str, dict[str, Any]]) -> None:
    from brassboard.games.planet_unknown.view import static_figures

    fig = static_figures()
    for x in d["civ_cards"]["deck"]["cards"]:
        assert fig["civ_cards"][str(x["id"])]["text_de"] == x["text_de"]
    for x in d["objectives"]["deck"]["cards"]:
        for side in ("private", "neighbor"):
            assert fig["objectives"][str(x["id"])][side]["text_de"] == x[side]["text_de"]
    for x in d["events"]["deck"]["cards"]:
        assert fig["events"][str(x["id"])]["text_de"] == x["text_de"]
