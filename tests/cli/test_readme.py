"""The README stands alone (issue 12 item 13): its first screen is the two commands, every link and path it names
lies inside the repository, and it says where the database and the saved records are."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_first_screen_is_exactly_make_run_and_make_test() -> None:
    first_block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines() if line.strip()]
    assert commands == ["make run", "make test"]


def test_every_link_and_path_points_inside_the_repository() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", README)
    local = [link for link in links if not link.startswith(("http://127.0.0.1", "http://localhost"))]
    assert local, "the README links its docs"
    for link in local:
        assert not re.match(r"[a-z]+://", link), f"{link} lies outside the repository"
        assert (ROOT / link).exists(), f"{link} is not in the repository"
    for path in re.findall(r"`((?:docs|brassboard|bench|tests)/[\w./-]+)`", README):
        assert (ROOT / path).exists(), f"{path} is not in the repository"
    assert "../" not in README
    assert not re.search(r"https?://(?!127\.0\.0\.1|localhost)", README)


def test_it_says_where_the_database_and_the_saved_records_are() -> None:
    assert "data/brassboard.sqlite" in README
    assert "data/records/" in README and "--load FILE" in README
    assert (ROOT / "docs" / "design.md").is_file() and "docs/design.md" in README
