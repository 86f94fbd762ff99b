"""Events and notations as each viewer may receive them (the engine's secret convention)."""

from brassboard.engine import Action, redact_event, state_class


def test_an_event_without_secrets_reaches_everyone_unchanged() -> None:
    event = {"type": "pay", "player": 1, "amount": 3}
    assert redact_event(event, 0) is event
    assert redact_event(event, None) is event


def test_secret_fields_reach_only_the_seat_they_belong_to() -> None:
    event = {"type": "draw", "player": 2, "count": 2, "cards": [17, 4], "private_to": 2, "secret": ["cards"]}
    assert redact_event(event, 2) == event
    for viewer in (0, 1, None):
        seen = redact_event(event, viewer)
        assert seen == {"type": "draw", "player": 2, "count": 2, "private_to": 2}
    assert event["cards"] == [17, 4], "redaction must copy, never change the logged event"


def test_the_default_notation_view_is_the_notation() -> None:
    cls = state_class("tictactoe")
    assert cls.notation_view(Action("mark", 4), 0, 1) == "mark 4"
