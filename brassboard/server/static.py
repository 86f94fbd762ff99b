"""The browser's files: the single-page shell for every page route, its static files and each game's UI module; and
the API's documentation pages (Swagger UI at ``/docs``, ReDoc at ``/redoc``) with their scripts served from the
installed ``fastapi-offline`` package, so they work on a machine without internet (FastAPI's own pages load them from
a CDN)."""

from __future__ import annotations

import sys
from pathlib import Path

import fastapi_offline
from fastapi import APIRouter, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import FileResponse, HTMLResponse, Response

from brassboard.engine import games, state_class

from . import errors

WEB_STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
DOCS_ASSETS = Path(fastapi_offline.__file__).resolve().parent / "static"
"""Swagger UI's and ReDoc's scripts, CSS and favicon, as the maintained ``fastapi-offline`` wheel ships them."""
DOCS_ASSETS_URL = "/docs-assets"
OAUTH2_REDIRECT_URL = "/docs/oauth2-redirect"

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


DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
               "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:")
"""The docs pages load nothing from another host: ReDoc would otherwise fetch its maker's logo from their CDN (it
hides the picture when that fails, so offline it shows nothing missing)."""


def _docs_page(page: HTMLResponse) -> HTMLResponse:
    """FastAPI's docs page with its language named (screen readers otherwise guess) and kept to this server."""
    html = bytes(page.body).decode("utf-8").replace("<html>", '<html lang="en">', 1)
    return HTMLResponse(html, headers={"Content-Security-Policy": DOCS_POLICY})


def _docs_urls(request: Request) -> tuple[str, str]:
    """The OpenAPI document's and the docs assets' URLs, under the proxy's root path if there is one."""
    root = str(request.scope.get("root_path", "")).rstrip("/")
    openapi_url = getattr(request.app, "openapi_url", None) or "/openapi.json"
    return root + openapi_url, root + DOCS_ASSETS_URL


@router.get("/docs")
def swagger_ui(request: Request) -> HTMLResponse:
    openapi_url, assets = _docs_urls(request)
    return _docs_page(get_swagger_ui_html(
        openapi_url=openapi_url, title="Brassboard API", oauth2_redirect_url=OAUTH2_REDIRECT_URL,
        swagger_js_url=f"{assets}/swagger-ui-bundle.js", swagger_css_url=f"{assets}/swagger-ui.css",
        swagger_favicon_url=f"{assets}/favicon.png"))


@router.get(OAUTH2_REDIRECT_URL)
def swagger_ui_oauth2_redirect() -> HTMLResponse:
    return get_swagger_ui_oauth2_redirect_html()


@router.get("/redoc")
def redoc(request: Request) -> HTMLResponse:
    openapi_url, assets = _docs_urls(request)
    return _docs_page(get_redoc_html(
        openapi_url=openapi_url, title="Brassboard API (ReDoc)", redoc_js_url=f"{assets}/redoc.standalone.js",
        redoc_favicon_url=f"{assets}/favicon.png", with_google_fonts=False))


@router.api_route(DOCS_ASSETS_URL + "/{path:path}", methods=["GET", "HEAD"])
def docs_asset(path: str) -> Response:
    return safe_file(DOCS_ASSETS, path)
