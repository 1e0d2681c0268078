#!/usr/bin/env python3
"""What forcepad tells systemd as a Type=notify service (forcepad@.service), checked in one
place for the two scripts that check it.

packaging/check.sh runs this file on an installed tree (`service_notify.py STAGE SCRATCH
PRESET_LINE`): the installed binary runs as the unit's ExecStart does, on a pseudo-terminal
standing in for /dev/serial0, with a datagram socket standing in for $NOTIFY_SOCKET, and
must send READY=1, answer on the line, send WATCHDOG=1, and after SIGTERM leave the haptic
line off and send STOPPING=1. packaging/boot-check.py imports it to check the same service
through systemd's view of it (the unit's status text, the journal's stop line).
"""

import contextlib
import os
import pty
import signal
import socket
import subprocess
import sys
import time
import tty
from typing import NoReturn

# The message that says the service is up, sent once the first frame is processed.
READY = "READY=1"
# The status sent with READY=1 on the sim board (systemd's StatusText).
SIM_STATUS = "running on board sim"
# What the watchdog is fed with while the loop runs.
WATCHDOG = "WATCHDOG=1"
# The last message, sent as the service stops.
STOPPING = "STOPPING=1"
# What forcepad writes to standard error (the journal) when SIGTERM stopped the loop in time.
SIGTERM_LINE = "SIGTERM received; loop stopped, haptic line off"


def ready_problem(messages: list[str]) -> str | None:
    """Why the messages so far do not start with READY=1; None when they do."""
    if not messages or not messages[0].startswith(READY):
        return f"the first message is not {READY}"
    return None


def watchdog_problem(messages: list[str], least: int) -> str | None:
    """Why fewer than `least` WATCHDOG=1 pings arrived; None when enough did."""
    pings = messages.count(WATCHDOG)
    if pings < least:
        return f"{pings} watchdog pings, fewer than {least}"
    return None


def stop_problem(messages: list[str] | None, log: str) -> str | None:
    """Why the run's end is not a clean stop on SIGTERM: STOPPING=1 last among `messages`
    (when given; systemd's view has none) and SIGTERM_LINE in `log`; None when it is."""
    if messages is not None and (not messages or messages[-1] != STOPPING):
        return f"no {STOPPING} at the end"
    if SIGTERM_LINE not in log:
        return f"forcepad did not log '{SIGTERM_LINE}'"
    return None


def run_installed(stage: str, scratch: str, preset_line: int) -> None:
    """Runs the binary installed under `stage` as ExecStart does, with the lab config's
    `preset` at `preset_line`; exits with the reason when a check fails."""
    notify_path = os.path.join(scratch, "notify")
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(notify_path)
    notify.settimeout(0.1)
    controller, line = pty.openpty()
    tty.setraw(controller)
    state = os.path.join(scratch, "state")
    environment = dict(
        os.environ,
        NOTIFY_SOCKET=notify_path,
        WATCHDOG_USEC="400000",
        CONFIGURATION_DIRECTORY=os.path.join(stage, "etc/forcepad"),
        XDG_STATE_HOME=state,
        XDG_CONFIG_HOME=state,
        FORCEPAD_BOARDS=os.path.join(stage, "usr/share/forcepad/boards"),
    )
    process = subprocess.Popen(
        [os.path.join(stage, "usr/bin/forcepad"), "run", "--board", "sim", "--serial", os.ttyname(line), "--no-rt"],
        env=environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    messages: list[str] = []

    def stderr_text() -> str:
        return process.stderr.read().decode() if process.stderr else ""

    def collect(seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with contextlib.suppress(TimeoutError):
                messages.append(notify.recv(4096).decode())

    def fail(why: str) -> NoReturn:
        process.kill()
        sys.exit(
            "packaging check: the service run failed: "
            + why
            + "\nnotify: "
            + repr(messages)
            + "\nstderr: "
            + stderr_text()
        )

    collect(1.0)
    if ready_problem(messages):
        fail(f"no {READY} within 1 s")
    os.write(controller, b"config show --origin\r")
    answer = b""
    deadline = time.monotonic() + 5
    while b"log.level" not in answer and time.monotonic() < deadline:
        collect(0.05)
        try:
            os.set_blocking(controller, False)
            answer += os.read(controller, 65536)
        except BlockingIOError:
            pass
    lab_file = os.path.join(stage, "etc/forcepad/forcepad.toml")
    where = f"{lab_file}:{preset_line}"
    if f"# {where}".encode() not in answer:
        fail(f"the console did not answer with the lab's config (preset from {where}): {answer[-400:]!r}")
    collect(0.5)
    problem = watchdog_problem(messages, 2)
    if problem:
        fail(problem)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=5)
    collect(0.2)
    error = stderr_text()
    if process.returncode != 0:
        fail(f"SIGTERM: status {process.returncode}")
    problem = stop_problem(messages, error)
    if problem:
        fail(f"SIGTERM: {problem}")
    print(
        f"packaging check: the installed binary answered on a pty, sent {READY}, {messages.count(WATCHDOG)} watchdog "
        f"pings, and {STOPPING} with the haptic line off after SIGTERM"
    )


if __name__ == "__main__":
    run_installed(sys.argv[1], sys.argv[2], int(sys.argv[3]))
