"""ForcePad from Python: ``ForcePad.serial(port)`` or ``ForcePad.spawn(board="sim")``, one method
per shell command with typed answers, typed events, and the lab flow (``trial``, ``record``,
``read_recording``). See docs/scripting.md."""

from . import answers, events
from .client import ForcePad, RecordingSession
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
    "answers",
    "events",
    "read_recording",
    "read_rows",
]
