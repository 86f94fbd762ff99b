"""Pages and files: the shell for every page route, /static/ and each game's /games/GAME/ui/, nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from brassboard.server import static
from brassboard.server.errors import ApiError


@pytest.fixture
def web(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """Stand-ins for brassboard/web/static and a game's ui/ folder (the real ones belong to the front end)."""
    shell = tmp_path / "static"
    shell.mkdir()
    (shell / "index.html").write_text("<!doctype html><title>shell</title>", encoding="utf-8")
    (shell / "app.js").write_text("export const x = 1;", encoding="utf-8")
    (shell / "style.css").write_text("body {}", encoding="utf-8")
    (shell / ".secret").write_text("no", encoding="utf-8")
    ui = tmp_path / "ui"
    ui.mkdir()
    (ui / "main.js").write_text("export function mount() {}", encoding="utf-8")
    (tmp_path / "outside.txt").write_text("no", encoding="utf-8")
    monkeypatch.setattr(static, "WEB_STATIC", shell)
    real = static.game_ui_folder
    monkeypatch.setattr(static, "game_ui_folder", lambda game: (real(game), ui)[1])
    return shell, ui


@pytest.mark.parametrize("path", ["/", "/m/abc", "/m/abc/replay", "/m/abc?token=xyz"])
def test_every_page_route_serves_the_shell(client: TestClient, web: tuple[Path, Path], path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.text == "<!doctype html><title>shell</title>"
    assert response.headers["content-type"].startswith("text/html")


def test_static_files_with_their_types(client: TestClient, web: tuple[Path, Path]) -> None:
    script = client.get("/static/app.js")
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
    module = client.get("/games/planet_steam/ui/main.js")
    assert module.status_code == 200 and module.text == "export function mount() {}"
    assert module.headers["content-type"].startswith("text/javascript")


@pytest.mark.parametrize("path", [
    "/static/missing.js", "/static/.secret", "/static/../outside.txt", "/static/..%2Foutside.txt",
    "/static/%2e%2e/outside.txt", "/static/sub/../../outside.txt", "/static/", "/static//etc/passwd",
    "/games/chess/ui/main.js", "/games/planet_steam/ui/../outside.txt", "/games/planet_steam/ui/..%2F..%2Foutside.txt",
])
def test_nothing_else_is_served(client: TestClient, web: tuple[Path, Path], path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.text != "no"


def test_a_placeholder_while_the_front_end_is_missing(client: TestClient, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(static, "WEB_STATIC", tmp_path / "absent")
    response = client.get("/")
    assert response.status_code == 200 and "Brassboard" in response.text
    assert client.get("/static/app.js").status_code == 404


def test_game_ui_folders_are_found_through_the_registry() -> None:
    assert static.game_ui_folder("planet_steam").parts[-3:] == ("games", "planet_steam", "ui")
    with pytest.raises(ApiError):
        static.game_ui_folder("chess")
