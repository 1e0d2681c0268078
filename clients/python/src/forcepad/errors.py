"""The errors the client raises: the shell's refusal, a silent far end, and a changed protocol."""

from __future__ import annotations


class ForcePadError(Exception):
    """The shell refused a command; ``message`` is its one-line reason (what, where, the fix)."""

    def __init__(self, command: str, message: str) -> None:
        super().__init__(f"{command}: {message}")
        self.command = command
        self.message = message


class ForcePadTimeout(ForcePadError, TimeoutError):
    """No answer came within the timeout (the far end is gone, busy, or not in JSON mode)."""


class ForcePadDisconnected(ForcePadError, ConnectionError):
    """The link to the shell is closed: the process ended or the serial device vanished."""


class ProtocolError(Exception):
    """The shell sent JSON of a shape this client does not know: a key missing, unknown or of
    another type. The client and the shell's version disagree; update one of them."""
