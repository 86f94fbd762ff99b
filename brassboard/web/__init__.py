"""The browser shell: static files only (static/), served by brassboard.server."""
