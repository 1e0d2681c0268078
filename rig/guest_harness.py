"""What the kernel rig (rig/run-guest-tests.py) and the boot check (packaging/boot-check.py)
share to drive a QEMU guest: its serial sockets read as lines, the command shell on the
console, the stop, and the tally of checks passed and failed.

Imported as `guest_harness` with rig/ on sys.path (a script in rig/ has it there already).
"""

import re
import secrets
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any


class CheckFailed(Exception):
    pass


class GuestDied(Exception):
    pass


def require(condition: object, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


class LineSocket:
    """A Unix socket read as lines (CR, LF or CRLF endings)."""

    def __init__(self, path: Path, deadline: float, transcript: IO[bytes] | None = None) -> None:
        self.transcript = transcript
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(str(path))
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise CheckFailed(f"QEMU never opened {path}") from None
                time.sleep(0.1)
        self.buffer = b""
        self.lines: list[str] = []

    def send(self, text: str) -> None:
        self.sock.sendall(text.encode())

    def _fill(self, timeout: float) -> None:
        self.sock.settimeout(max(timeout, 0.01))
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return
        if not data:
            raise CheckFailed("the guest closed the serial connection")
        if self.transcript:
            self.transcript.write(data)
            self.transcript.flush()
        self.buffer += data
        parts = re.split(rb"\r\n|\r|\n", self.buffer)
        self.buffer = parts.pop()
        self.lines.extend(part.decode(errors="replace") for part in parts if part)

    def next_line(self, deadline: float) -> str | None:
        while not self.lines:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self._fill(remaining)
        return self.lines.pop(0)

    def drain(self, seconds: float = 0.0) -> list[str]:
        end = time.monotonic() + seconds
        drained: list[str] = []
        while True:
            line = self.next_line(end)
            if line is None:
                return drained
            drained.append(line)


class ControlShell:
    """The guest's command shell on the control UART: runs a command, returns (exit status, output)."""

    def __init__(self, connection: LineSocket) -> None:
        self.connection = connection

    def run(self, command: str, timeout: float = 30) -> tuple[int, str]:
        token = secrets.token_hex(4)
        self.connection.send(f'{command}\necho "@@$rig_status@@{token}"\n')
        deadline = time.monotonic() + timeout
        output = []
        while True:
            line = self.connection.next_line(deadline)
            if line is None:
                raise CheckFailed(f"guest command timed out after {timeout}s: {command}")
            match = re.fullmatch(rf"(.*)@@(\d+)@@{token}", line)
            if match:
                if match.group(1):
                    output.append(match.group(1))
                return int(match.group(2)), "\n".join(output)
            output.append(line)

    def check(self, command: str, timeout: float = 30) -> str:
        status, output = self.run(command, timeout)
        require(status == 0, f"`{command}` exited {status}: {output.strip()[-300:]}")
        return output


class QemuGuest:
    """A guest in QEMU with two UARTs bridged to Unix sockets: the control UART (the console,
    carrying the command shell `shell`) and the forcepad UART (`uart`). A subclass sets
    `qemu_log` and `console_log` (paths for what QEMU and the console print) and `socket_dir`
    (a short folder for the sockets: their paths are limited to 107 bytes), then calls
    `start_qemu` and `connect`; it may shorten the tails of the logs a failure quotes
    (characters)."""

    QEMU_LOG_TAIL = 500
    CONSOLE_TAIL = 800
    qemu_log: Path
    console_log: Path
    socket_dir: Path
    qemu: subprocess.Popen[bytes]
    shell: ControlShell
    uart: LineSocket

    def start_qemu(self, arguments: list[str], control_serial: list[str], uart_serial: list[str]) -> float:
        """Starts QEMU (`qemu`) with arguments and the chardevs `control` and `uart` on the
        sockets; control_serial and uart_serial are the arguments that attach each to a UART.
        Returns when it started (time.monotonic())."""
        command = [
            *arguments,
            # QEMU starts the machine once this driver is connected: console output before
            # that would be lost, the ready line with it.
            "-chardev",
            f"socket,id=control,path={self.socket_dir / 'control.sock'},server=on,wait=on",
            *control_serial,
            "-chardev",
            f"socket,id=uart,path={self.socket_dir / 'uart.sock'},server=on,wait=off",
            *uart_serial,
        ]
        started = time.monotonic()
        with open(self.qemu_log, "wb") as log:
            self.qemu = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        return started

    def connect(self, deadline: float) -> None:
        """Connects `shell` (everything read kept in console_log) and `uart` to their sockets."""
        # The log stays open for the guest's lifetime: the shell's socket writes what it reads to it.
        log = open(self.console_log, "wb")  # noqa: SIM115
        self.shell = ControlShell(LineSocket(self.socket_dir / "control.sock", deadline, log))
        self.uart = LineSocket(self.socket_dir / "uart.sock", deadline)

    def wait_for_line(self, marker: str, deadline: float) -> str | None:
        """The first console line holding marker, or None once the deadline
        (time.monotonic()) has passed; raises CheckFailed if QEMU exits meanwhile."""
        while True:
            self.require_running()
            line = self.shell.connection.next_line(min(deadline, time.monotonic() + 1))
            if line is not None and marker in line:
                return line
            if time.monotonic() >= deadline:
                return None

    def require_running(self) -> None:
        """Raises CheckFailed, quoting the ends of QEMU's log and the console, if QEMU exited."""
        if self.qemu.poll() is not None:
            raise CheckFailed(
                f"QEMU exited {self.qemu.returncode}: "
                f"{self.qemu_log.read_text(errors='replace')[-self.QEMU_LOG_TAIL :]} "
                f"console: {self.console()[-self.CONSOLE_TAIL :]}"
            )

    def console(self) -> str:
        """All the console printed so far ("" before it printed anything)."""
        try:
            return self.console_log.read_text(errors="replace")
        except OSError:
            return ""

    def power_off(self, command: str) -> None:
        """Powers the guest off with the shell command given (QEMU killed if it has not exited
        20 s later) and removes the folder of its sockets."""
        try:
            self.shell.connection.send(f"{command}\n")
            self.qemu.wait(timeout=20)
        except Exception:
            self.qemu.kill()
            self.qemu.wait()
        shutil.rmtree(self.socket_dir, ignore_errors=True)


class Tally:
    """Counts the checks passed and failed; `attempt` runs one and times it."""

    def __init__(self) -> None:
        self.passed, self.failed = 0, 0

    def attempt(self, function: Callable[..., Any], *arguments: Any) -> tuple[bool, Any, float]:
        """Runs function(*arguments): (True, its detail, seconds) when it returns, (False, the
        CheckFailed, seconds) when it raises one; counts it either way."""
        started = time.monotonic()
        try:
            detail = function(*arguments)
            self.passed += 1
            return True, detail, time.monotonic() - started
        except CheckFailed as failure:
            self.failed += 1
            return False, failure, time.monotonic() - started
