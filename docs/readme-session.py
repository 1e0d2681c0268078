#!/usr/bin/env python3
"""The README's example session, from a real run of forcepad on the simulated board.

    docs/readme-session.py write BINARY   run the session and put its transcript in README.md
    docs/readme-session.py check BINARY   run it and check README.md shows what it shows

The session is the commands on the README block's `forcepad> ` lines, typed into BINARY on a
pseudo-terminal as a person would (each after the previous prompt), with a fresh home and an
empty lab config directory; standard error (the log) is left out, as it is not part of the
session. The home directory is shown as `~`.

`check` compares the run with the README command by command: the answer lines in order and
the event lines as a set, with every number masked (timings and noise differ from run to run),
the lateness histogram's rows and `press.progress` events left out (how many there are
depends on timing), and so is the loop line's idle polling (`--idle-poll`: shown on a
virtual machine only). `write` leaves README.md alone when only numbers would change.
`make docs` runs `write`; `make test` runs `check`.
"""
import os
import pty
import re
import select
import sys
import tempfile
import time
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
PROMPT = "forcepad> "
START = "$ make run\n"
# An event line: loop time in ms, then the event's name.
EVENT = re.compile(r"^\s+\d+ ms  \S")
IGNORED = (re.compile(r"^\s+\d+ ms  press\.progress"), re.compile(r"^\s+≤"))
NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")
# What the machine decides, not the session: the loop's CPU polled while idle.
MACHINE = re.compile(r", polled while idle \(.*\)$")


def session_block(text):
    """(start, end) of the README's session inside its code block: from `$ make run` to the
    closing fence."""
    start = text.index(START)
    end = text.index("```", start)
    return start, end


def commands(block):
    return [line[len(PROMPT):] for line in block.splitlines() if line.startswith(PROMPT)]


def run(binary, typed, timeout=20):
    """The transcript of typing each of `typed` at forcepad's prompt."""
    with tempfile.TemporaryDirectory() as home:
        lab = Path(home) / "etc"
        lab.mkdir()
        pid, fd = pty.fork()
        if pid == 0:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            env = {"HOME": home, "PATH": os.environ.get("PATH", ""), "TERM": "dumb",
                   "CONFIGURATION_DIRECTORY": str(lab), "LANG": "C.UTF-8"}
            os.execve(binary, [binary], env)
        received = bytearray()

        def read_until(markers, after):
            deadline = time.monotonic() + timeout
            while not any(marker in received[after:] for marker in markers):
                if time.monotonic() > deadline:
                    sys.exit(f"readme-session: none of {markers} within {timeout}s; got: "
                             f"{received[after:].decode(errors='replace')[-400:]!r}")
                ready, _, _ = select.select([fd], [], [], 0.1)
                if ready:
                    try:
                        received.extend(os.read(fd, 65536))
                    except OSError:
                        return

        read_until([PROMPT.encode()], 0)
        transcript_start = received.rindex(PROMPT.encode())
        for command in typed:
            mark = len(received)
            os.write(fd, command.encode() + b"\r")
            read_until([PROMPT.encode(), b"bye"], mark + len(command))
            if b"bye" in received[mark:]:
                break
            # The events of the command's press come within a few frames.
            time.sleep(0.2)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            received.extend(chunk)
        os.waitpid(pid, 0)
        text = received[transcript_start:].decode().replace("\r\n", "\n").replace(home, "~")
        return text.rstrip("\n") + "\n"


def answers(transcript):
    """Per command: (command, answer lines in order, event lines as a sorted list), masked."""
    result = []
    for line in transcript.splitlines():
        if line.startswith(PROMPT):
            result.append((line[len(PROMPT):], [], []))
            continue
        if not result or any(pattern.match(line) for pattern in IGNORED):
            continue
        masked = NUMBER.sub("#", MACHINE.sub("", line))
        (result[-1][2] if EVENT.match(line) else result[-1][1]).append(masked)
    return [(command, said, sorted(events)) for command, said, events in result]


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("write", "check"):
        sys.exit(__doc__.strip())
    action, binary = sys.argv[1], os.path.abspath(sys.argv[2])
    text = README.read_text()
    start, end = session_block(text)
    documented = text[start + len(START):end]
    transcript = run(binary, commands(documented))
    difference = differs(answers(documented), answers(transcript))
    if action == "write":
        if difference is None:
            print("README.md's session is current (only numbers differ from this run); left as it is")
        else:
            README.write_text(text[:start + len(START)] + transcript + text[end:])
            print("README.md's session written from this run")
        return
    if difference is not None:
        sys.exit(difference + "\nrun `make docs` to write the session from a real run")
    print(f"README.md's session matches a run: {len(answers(transcript))} commands")


def differs(shown, ran):
    """What differs between the README's answers and a run's (numbers masked), or None."""
    for (command, said, events), (_, said_shown, events_shown) in zip(ran, shown):
        if said != said_shown or events != events_shown:
            return (f"README.md's session differs from a run at `{command}` (numbers masked):\n"
                    f"  README: {said_shown + events_shown}\n  run:    {said + events}")
    if len(ran) != len(shown):
        return f"README.md's session has {len(shown)} commands, the run {len(ran)}"
    return None


if __name__ == "__main__":
    main()
