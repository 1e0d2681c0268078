"""The client's event names against ForcePad's one table of them (``EventName`` in
Sources/ForcePadCore/Events, copied to event_names.txt beside this file and kept equal to it by
a Swift test)."""

from __future__ import annotations

from pathlib import Path

from forcepad import events

TABLE = Path(__file__).with_name("event_names.txt")

# Names ForcePad writes that this client leaves to ``UnknownEvent`` (fields as a dict).
UNTYPED = {"reference.sample", "reference.lost", "reference.restored", "calibrate.sweep"}


def table() -> list[str]:
    return TABLE.read_text(encoding="utf-8").split()


def test_every_typed_event_is_one_forcepad_writes() -> None:
    assert set(events.EVENT_TYPES) - set(table()) == set()


def test_every_event_forcepad_writes_is_typed_or_known_to_be_untyped() -> None:
    assert set(table()) - set(events.EVENT_TYPES) == UNTYPED
