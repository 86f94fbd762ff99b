"""The ``brassboard serve`` subcommand (the running server itself is tested in test_restart.py)."""

from __future__ import annotations

import pytest

from brassboard.cli import build_parser, main, server_url


def test_serve_defaults_to_loopback_port_8000() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    assert not args.access_log and not args.ws_compression


def test_serve_takes_access_log_and_compression_flags() -> None:
    args = build_parser().parse_args(["serve", "--access-log", "--ws-compression"])
    assert args.access_log and args.ws_compression


def test_server_url() -> None:
    assert server_url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert server_url("0.0.0.0", 80) == "http://127.0.0.1:80/"
    assert server_url("::1", 8000) == "http://[::1]:8000/"


def test_a_bad_port_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err


def test_serve_runs_granian_by_default_and_takes_server_workers_and_proxies(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BRASSBOARD_SERVER", raising=False)
    args = build_parser().parse_args(["serve"])
    assert (args.server, args.workers, args.forwarded_allow_ips) == ("granian", 1, None)
    args = build_parser().parse_args(["serve", "--server", "uvicorn", "--workers", "3",
                                      "--forwarded-allow-ips", "127.0.0.1,10.0.0.0/8"])
    assert (args.server, args.workers, args.forwarded_allow_ips) == ("uvicorn", 3, "127.0.0.1,10.0.0.0/8")


def test_several_server_processes_need_redis(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("BRASSBOARD_REDIS_URL", raising=False)
    assert main(["serve", "--workers", "2"]) == 2
    assert "BRASSBOARD_REDIS_URL" in capsys.readouterr().err


def test_the_worker_needs_redis(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("BRASSBOARD_REDIS_URL", raising=False)
    assert main(["worker", "--threads", "1"]) == 2
    assert "BRASSBOARD_REDIS_URL" in capsys.readouterr().err


def test_a_bad_limit_setting_is_refused(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("BRASSBOARD_CREATE_RATE", "lots")
    assert main(["serve"]) == 2
    assert "BRASSBOARD_CREATE_RATE" in capsys.readouterr().err


def test_a_served_process_freezes_its_startup_objects_and_collects_the_young_less_often() -> None:
    """brassboard serve's app factories tune the collector (serving.tune_gc); in a process of its own, as the tuning
    holds for the whole process."""
    import subprocess
    import sys

    from brassboard.server.serving import YOUNG_COLLECTION_THRESHOLD

    check = ("import gc; from brassboard.server.serving import tune_gc; before = gc.get_threshold(); tune_gc(); "
             "print(gc.get_freeze_count() > 0, gc.get_threshold()[0], gc.get_threshold()[1:] == before[1:])")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["True", str(YOUNG_COLLECTION_THRESHOLD), "True"]
