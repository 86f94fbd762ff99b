"""The API's documentation pages work offline: /docs (Swagger UI) and /redoc load every file from this server, out of
the installed fastapi-offline package, and name no other host (issue 12, item 11)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

EXTERNAL = re.compile(r"""(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}""", re.IGNORECASE)
"""A reference to another host: an absolute URL or a protocol-relative one (``//cdn.example.org/…``)."""


class References(HTMLParser):
    """The URLs a page loads: every ``src`` and ``href``, and ReDoc's ``spec-url``."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls.extend(value for name, value in attrs if name in ("src", "href", "spec-url") and value)


def references(html: str) -> list[str]:
    parser = References()
    parser.feed(html)
    return parser.urls


@pytest.mark.parametrize(("page", "script"), [("/docs", "swagger-ui-bundle.js"), ("/redoc", "redoc.standalone.js")])
def test_a_docs_page_loads_everything_from_this_server(client: TestClient, page: str, script: str) -> None:
    answer = client.get(page)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    html = answer.text
    assert not EXTERNAL.findall(html), f"{page} names another host: {EXTERNAL.findall(html)}"
    assert '<html lang="en">' in html
    urls = references(html)
    assert any(url.endswith(script) for url in urls), urls
    for url in urls:
        assert url.startswith("/"), url
        asset = client.get(url)
        assert asset.status_code == 200, url
        assert asset.content, url
    assert "/openapi.json" in html
    assert client.get("/openapi.json").json()["info"]["title"] == "Brassboard"


def test_the_docs_assets_have_their_types_and_nothing_else_is_served(client: TestClient) -> None:
    script = client.get("/docs-assets/swagger-ui-bundle.js")
    assert script.headers["content-type"].startswith("text/javascript") and b"SwaggerUIBundle" in script.content
    assert client.get("/docs-assets/swagger-ui.css").headers["content-type"].startswith("text/css")
    for path in ("/docs-assets/missing.js", "/docs-assets/../core.py", "/docs-assets/%2e%2e/core.py"):
        assert client.get(path).status_code == 404, path


def test_the_swagger_oauth2_redirect_page_is_served(client: TestClient) -> None:
    answer = client.get("/docs/oauth2-redirect")
    assert answer.status_code == 200 and "oauth2" in answer.text.lower()
