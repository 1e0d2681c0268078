"""The byte streams the client talks over: a serial port (reopened when the device comes back)
and the pipes of a forcepad process started on this machine."""

from __future__ import annotations

import contextlib
import os
import select
import subprocess
import threading
from collections import deque
from typing import NoReturn, Protocol

import serial


class LinkGone(Exception):
    """The far end is gone: the process ended, or the serial device vanished or hung up."""


class Link(Protocol):
    """A byte stream to the shell."""

    #: What ends a command line (the serial console takes a carriage return, a pipe a newline).
    line_end: bytes
    #: Whether the shell may start over in human mode (a console that reconnects).
    may_restart: bool

    def read(self, timeout: float) -> bytes:
        """Bytes that arrived within ``timeout`` seconds (empty if none); raises LinkGone."""

    def write(self, data: bytes) -> None:
        """Sends ``data``; raises LinkGone."""

    def reopen(self) -> bool:
        """Tries once to open the link again after LinkGone; True when it is back."""

    def close(self) -> None:
        """Closes the link (and ends the process it runs, if any)."""

    def describe_end(self) -> str:
        """Why the link ended, for the error raised to the user."""


class SerialLink:
    """A serial port (a UART, a USB gadget, a pseudo-terminal) opened with pyserial."""

    line_end = b"\r"
    may_restart = True

    def __init__(self, port: str, baud: int) -> None:
        self.port_name = port
        self.baud = baud
        self._port: serial.Serial | None = self._open()
        self._problem = ""

    def _open(self) -> serial.Serial:
        return serial.Serial(self.port_name, self.baud, timeout=0, write_timeout=5, exclusive=True)

    def read(self, timeout: float) -> bytes:
        port = self._port
        if port is None:
            raise LinkGone(self._problem)
        try:
            ready, _, _ = select.select([port.fileno()], [], [], timeout)
            if not ready:
                return b""
            data = port.read(port.in_waiting or 1)
        except (serial.SerialException, OSError, ValueError, TypeError) as error:
            self._gone(f"{self.port_name}: {error}")
        if not data:
            self._gone(f"{self.port_name}: the far end hung up")
        return bytes(data)

    def write(self, data: bytes) -> None:
        port = self._port
        if port is None:
            raise LinkGone(self._problem)
        try:
            port.write(data)
        except (serial.SerialException, OSError) as error:
            self._gone(f"{self.port_name}: {error}")

    def _gone(self, problem: str) -> NoReturn:
        self._problem = problem
        port, self._port = self._port, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()
        raise LinkGone(problem)

    def reopen(self) -> bool:
        try:
            self._port = self._open()
        except (serial.SerialException, OSError) as error:
            self._problem = f"{self.port_name}: {error}"
            return False
        return True

    def close(self) -> None:
        port, self._port = self._port, None
        self._problem = f"{self.port_name} is closed"
        if port is not None:
            port.close()

    def describe_end(self) -> str:
        return self._problem or f"{self.port_name} is not open"


class ProcessLink:
    """A forcepad process on this machine, its shell on standard input and output."""

    line_end = b"\n"
    may_restart = False

    def __init__(self, arguments: list[str], environment: dict[str, str] | None = None) -> None:
        self.arguments = arguments
        self.process = subprocess.Popen(
            arguments,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
        )
        #: The last lines forcepad wrote to standard error (log lines, start-up errors).
        self.error_lines: deque[str] = deque(maxlen=50)
        self._stderr_reader = threading.Thread(target=self._read_errors, name="forcepad-stderr", daemon=True)
        self._stderr_reader.start()

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            self.error_lines.append(raw.decode(errors="replace").rstrip("\n"))

    def read(self, timeout: float) -> bytes:
        assert self.process.stdout is not None
        descriptor = self.process.stdout.fileno()
        try:
            ready, _, _ = select.select([descriptor], [], [], timeout)
        except (OSError, ValueError) as error:
            raise LinkGone(str(error)) from error
        if not ready:
            return b""
        try:
            data = os.read(descriptor, 65536)
        except OSError as error:  # closed by close() between the select and the read
            raise LinkGone(str(error)) from error
        if not data:
            raise LinkGone(self.describe_end())
        return data

    def write(self, data: bytes) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as error:
            raise LinkGone(self.describe_end()) from error

    def reopen(self) -> bool:
        return False

    def close(self) -> None:
        if self.process.stdin is not None and not self.process.stdin.closed:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._stderr_reader.join(timeout=1)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def describe_end(self) -> str:
        # Standard output closes as the process exits: give it a moment to be reaped, so the
        # status and its last error line can be named.
        try:
            status: int | None = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            status = None
        self._stderr_reader.join(timeout=1)
        if status is None:
            return "forcepad closed its standard output"
        last = next((line for line in reversed(self.error_lines) if line.strip()), "")
        return f"forcepad exited with status {status}" + (f": {last}" if last else "")
