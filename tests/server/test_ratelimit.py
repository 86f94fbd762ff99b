"""The in-process moving window of the lobby's rate limits (ratelimit.py), on a clock the test moves."""

from __future__ import annotations

from limits import parse

from brassboard.server.ratelimit import SWEEP_SECONDS, LocalMovingWindow


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_moving_window_allows_the_amount_then_refuses_until_the_oldest_hit_leaves() -> None:
    clock = Clock()
    window = LocalMovingWindow(clock)
    item = parse("3/minute")
    for second in (0, 10, 20):
        clock.now = 1000.0 + second
        assert window.hit(item, "create", "10.0.0.1")
    clock.now = 1059.0
    assert not window.hit(item, "create", "10.0.0.1")
    assert window.get_window_stats(item, "create", "10.0.0.1") == (1060.0, 0)
    assert window.hit(item, "create", "10.0.0.2")  # another address has its own window
    assert window.hit(item, "join", "10.0.0.1")  # and another kind of request
    clock.now = 1060.0  # the first hit has left the window: one more fits, not two
    assert window.hit(item, "create", "10.0.0.1")
    assert not window.hit(item, "create", "10.0.0.1")


def test_the_sweep_forgets_quiet_clients_but_not_hits_still_inside_the_longest_window() -> None:
    clock = Clock()
    window = LocalMovingWindow(clock)
    minute, hour = parse("1/minute"), parse("1/hour")
    assert window.hit(minute, "create", "quiet")
    clock.now += SWEEP_SECONDS + 61
    assert window.hit(minute, "create", "busy")  # sweeps: the quiet client's last hit is over a minute old
    assert not [key for key in window._hits if "quiet" in key]
    assert window.hit(hour, "join", "slow")
    clock.now += SWEEP_SECONDS + 61
    assert window.hit(minute, "create", "busy")  # sweeps again: "slow" stays, its hour is not over
    assert not window.hit(hour, "join", "slow")
