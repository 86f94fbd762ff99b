"""Seat tokens never reach the server log in plain text."""

from __future__ import annotations

import logging

from brassboard.server.logs import RedactTokens, log_config, redact


def test_redact_hides_every_token_in_a_path() -> None:
    assert redact('"WebSocket /ws/matches/abc?token=s3cr3t-Tok_en" [accepted]') == \
        '"WebSocket /ws/matches/abc?token=[hidden]" [accepted]'
    assert redact("/m/abc?lang=de&token=x1&seat=2") == "/m/abc?lang=de&token=[hidden]&seat=2"
    assert redact("no secrets here") == "no secrets here"


def test_the_filter_rewrites_message_and_arguments() -> None:
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s" %d',
                               ("127.0.0.1:5", "GET", "/api/matches/x/state?token=abc", 200), None)
    assert RedactTokens().filter(record)
    assert "abc" not in record.getMessage() and "token=[hidden]" in record.getMessage()


def test_every_uvicorn_handler_carries_the_filter() -> None:
    config = log_config()
    assert config["handlers"] and all("redact_tokens" in h["filters"] for h in config["handlers"].values())
    assert config["filters"]["redact_tokens"]["()"] is RedactTokens


def test_only_warnings_are_logged_unless_the_access_log_is_asked_for() -> None:
    quiet, chatty = log_config(), log_config(access_log=True)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        assert quiet["loggers"][name]["level"] == "WARNING"
        assert chatty["loggers"][name]["level"] == "INFO"
