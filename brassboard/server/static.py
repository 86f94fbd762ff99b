"""The browser's files: the single-page shell for every page route, its static files and each game's UI module."""

from __future__ import annotations

import sys
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from brassboard.engine import games, state_class

from . import errors

WEB_STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

MEDIA_TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg",
    ".webp": "image/webp", ".ico": "image/x-icon", ".woff2": "font/woff2", ".woff": "font/woff",
    ".txt": "text/plain; charset=utf-8", ".map": "application/json",
}
"""Explicit types: ES modules must be served as JavaScript, whatever the machine's mimetypes table says."""

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Brassboard</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Brassboard</h1>
<p>The server runs, but the browser front end (<code>brassboard/web/static/</code>) is not installed.</p>
<p>The API is described at <a href="/docs">/docs</a>.</p>
</body></html>
"""


def safe_file(root: Path, path: str) -> FileResponse:
    """The file ``path`` below ``root``; 404 for anything else (hidden files, ``..``, links leading outside)."""
    parts = path.split("/")
    if not path or any(not part or part.startswith(".") or "\\" in part or "\0" in part for part in parts):
        raise errors.ApiError(404, "not_found", f"no file {path!r}")
    try:
        base = root.resolve()
        full = (base / path).resolve()
    except (OSError, RuntimeError):
        raise errors.ApiError(404, "not_found", f"no file {path!r}") from None
    if not full.is_relative_to(base) or not full.is_file():
        raise errors.ApiError(404, "not_found", f"no file {path!r}")
    media_type = MEDIA_TYPES.get(full.suffix.lower(), "application/octet-stream")
    return FileResponse(full, media_type=media_type, headers={"Cache-Control": "no-cache"})


def game_ui_folder(game: str) -> Path:
    if game not in games():
        raise errors.ApiError(404, "not_found", f"no game {game!r}")
    module = sys.modules.get(state_class(game).__module__)
    if module is None or module.__file__ is None:
        raise errors.ApiError(404, "not_found", f"{game} has no UI module")
    return Path(module.__file__).resolve().parent / "ui"


router = APIRouter(include_in_schema=False)


@router.api_route("/", methods=["GET", "HEAD"])
@router.api_route("/m/{match_id}", methods=["GET", "HEAD"])
@router.api_route("/m/{match_id}/replay", methods=["GET", "HEAD"])
def index_page() -> Response:
    index = WEB_STATIC / "index.html"
    if index.is_file():
        return FileResponse(index, media_type=MEDIA_TYPES[".html"], headers={"Cache-Control": "no-cache"})
    return HTMLResponse(PLACEHOLDER)


@router.api_route("/static/{path:path}", methods=["GET", "HEAD"])
def static_file(path: str) -> Response:
    return safe_file(WEB_STATIC, path)


@router.api_route("/games/{game}/ui/{path:path}", methods=["GET", "HEAD"])
def game_ui_file(game: str, path: str) -> Response:
    return safe_file(game_ui_folder(game), path)
