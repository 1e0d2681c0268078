"""ForcePad from Python: ``ForcePad.serial(port)`` or ``ForcePad.spawn(board="sim")``, one method
per shell command with typed answers, typed events, and the lab flow (``trial``, ``record``,
``read_recording``; a test stand's presses with ``StandPresses``). See docs/scripting.md."""

from . import answers, events
from .client import ForcePad, RecordingSession, StandPresses
from .errors import ForcePadDisconnected, ForcePadError, ForcePadTimeout, ProtocolError
from .events import Event
from .recording import read_recording, read_rows

__all__ = [
    "Event",
    "ForcePad",
    "ForcePadDisconnected",
    "ForcePadError",
    "ForcePadTimeout",
    "ProtocolError",
    "RecordingSession",
    "StandPresses",
    "answers",
    "events",
    "read_recording",
    "read_rows",
]
