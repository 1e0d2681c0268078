"""Strict reading: a changed answer or event fails instead of passing as None."""

from __future__ import annotations

import pytest

from forcepad import ProtocolError, answers, events
from forcepad.events import parse_event
from forcepad.shape import load


def test_an_unknown_key_fails_and_names_it() -> None:
    with pytest.raises(ProtocolError, match=r"answer: unknown key peek_grams"):
        load(answers.Thresholds, {"touch_g": 20, "peek_grams": 150, "pop_g": 300, "preset": None}, "answer")


def test_a_missing_key_fails_and_names_it() -> None:
    with pytest.raises(ProtocolError, match=r"answer: key preset is missing"):
        load(answers.Thresholds, {"touch_g": 20, "peek_g": 150, "pop_g": 300}, "answer")


def test_a_value_of_another_type_fails_with_its_path() -> None:
    data = {"current": "medium", "presets": [{"name": "light", "peek_g": "100g", "pop_g": 200}]}
    with pytest.raises(ProtocolError, match=r"answer\.presets\[0\]\.peek_g: expected a number, got str"):
        load(answers.Presets, data, "answer")
    with pytest.raises(ProtocolError, match=r"expected a whole number, got bool"):
        load(answers.Tare, {"zeros": [True]}, "answer")


def test_optional_keys_may_be_left_out_but_not_mistyped() -> None:
    assert load(answers.Waited, {"waited_us": 5}, "answer") == answers.Waited(waited_us=5)
    with pytest.raises(ProtocolError):
        load(answers.Waited, {"waited_us": 5, "interrupted": "yes"}, "answer")


def test_known_events_are_typed_and_checked() -> None:
    peek = parse_event({"t_us": 25000, "event": "press.peek", "force_g": 247.81})
    assert peek == events.PressPeek(t_us=25000, event="press.peek", force_g=247.81)
    with pytest.raises(ProtocolError, match=r"event press.peek: key force_g is missing"):
        parse_event({"t_us": 25000, "event": "press.peek"})


def test_an_event_this_client_does_not_know_keeps_its_fields() -> None:
    event = parse_event({"t_us": 7, "event": "pad.warm", "celsius": 40})
    assert event == events.UnknownEvent(t_us=7, event="pad.warm", fields={"celsius": 40})


def test_a_warning_is_an_event_with_its_source() -> None:
    message = "3 bytes of output dropped: the serial line was not read"
    line = {"t_us": 9, "event": "warning", "source": "serial", "message": message}
    assert parse_event(line) == events.ConsoleWarning(t_us=9, event="warning", source="serial", message=message)
