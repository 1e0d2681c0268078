#!/usr/bin/env python3
"""Mutation run over recordings, reports and traces (fuzz/README.md, "The mutation run").

    python3 fuzz/mutate-recordings.py [--recordings N] [--forcepad PATH] [--jobs J] [--seed S]

Makes two real recordings with the forcepad binary on the sim board (a trial of two presses
with its report, and a plain recording), then N mutated copies: bytes flipped, files cut short,
numbers replaced by extremes (1e19, -1, 9223372036854775807, UInt64.max, NaN, ...), lines
reordered or repeated, files deleted or emptied, huge lines, CR LF, a byte order mark, a file
swapped for a seed of fuzz/corpus, across recording.json, frames.csv, events.jsonl,
calibration.toml and the report (sometimes sealed again after the change, so that its fields
are read). Batches of them go into state directories, and one forcepad process per batch
runs, in JSON mode on its standard input, record list, then for each recording replay (with
the current and the recorded settings), report, report verify, record export, trial report
and sim play of its frames.

A finding is an exit by a signal or with a status other than 0, a trap on standard error
("Fatal error", "Illegal instruction", "Program crashed"), a batch still running after its
timeout, a file written outside the state directory (HOME and the working directory are
folders of the batch that must stay empty), a line on standard output that is not one JSON
object, or an error that is not one line (other control characters in an error are escaped
wherever a line reaches a terminal, as JSON escapes them here). Each finding's recording is kept in
.build-fuzz/mutations/findings/ with the commands that found it (repro.txt) and what was
found (finding.txt). Prints one line:
recordings, commands, seconds, findings; exits 1 when there is a finding.
"""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTREMES = [
    "1e19", "-1e19", "-1", "0", "-0", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "18446744073709551615", "18446744073709551616", "4294967296", "2147483648", "NaN", "Infinity", "-Infinity",
    "1e308", "1e-320", "0.0000001", "1e16", "3600000001", "65536", "",
]
NUMBER = re.compile(rb"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
TRAPS = ("Fatal error", "Illegal instruction", "Program crashed", "Segmentation fault", "Assertion failed", "AddressSanitizer")
FILES = ["recording.json", "frames.csv", "events.jsonl", "calibration.toml"]


def run_forcepad(forcepad, state, lines, cwd, timeout):
    """Runs forcepad on the sim board with `lines` on its standard input: (status, stdout, stderr, timed out)."""
    home = os.path.join(cwd, "home")
    os.makedirs(home, exist_ok=True)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config"),
        "XDG_STATE_HOME": os.path.join(home, ".local/state"), "SWIFT_BACKTRACE": "enable=no", "LANG": "C.UTF-8",
    }
    process = subprocess.Popen(
        [forcepad, "--state-dir", state], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, cwd=cwd, env=env)
    try:
        out, err = process.communicate(("\n".join(lines) + "\n").encode(), timeout=timeout)
        return process.returncode, out, err, False
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        return process.returncode, out, err, True


def make_templates(forcepad, work):
    """Two real recordings (t1: a trial of two presses, with its report; r1: a plain recording)."""
    template = os.path.join(work, "template")
    stamp = os.path.join(template, "made-by")
    identity = f"{os.path.getmtime(forcepad)}"
    if os.path.exists(stamp) and open(stamp).read() == identity:
        return template
    shutil.rmtree(template, ignore_errors=True)
    os.makedirs(template)
    lines = [
        "trial start 2 name=t1", "sim press 200g for 300ms", "wait 400ms", "sim press 320g for 300ms", "wait 600ms", "trial",
        "report t1", "record start r1", "sim press 150g for 200ms", "wait 300ms", "record stop",
    ]
    status, out, err, _ = run_forcepad(forcepad, os.path.join(template, "state"), lines, template, 60)
    for name in ("t1", "r1"):
        if not os.path.exists(os.path.join(template, "state/recordings", name, "recording.json")):
            sys.exit(f"mutate-recordings: the template recording {name} was not made (status {status}): {err.decode(errors='replace')[-400:]}")
    open(stamp, "w").write(identity)
    return template


def seal(body):
    """A report body (one JSON object on one line) sealed as SealedJSON.seal does."""
    return body[:-1] + b',"sha256":"' + hashlib.sha256(body).hexdigest().encode() + b'"}\n'


def unsealed(report):
    line = report.rstrip(b"\n")
    marker = line.rfind(b',"sha256":"')
    return line[:marker] + b"}" if marker > 0 else line


class Mutator:
    def __init__(self, rng, donors):
        self.rng = rng
        self.donors = donors

    def bytes_(self, data, numbers_first=False):
        """One mutation of `data`, chosen at random (a number replaced half of the time when
        `numbers_first`, so that a JSON file stays JSON and its values are read)."""
        rng = self.rng
        kind = 2 if numbers_first and rng.random() < 0.5 else rng.randrange(12)
        if kind == 0 and data:  # flip bytes
            data = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            return bytes(data)
        if kind == 1:  # cut short
            return data[: rng.randrange(len(data) + 1)]
        if kind in (2, 3, 4):  # a number replaced by an extreme
            numbers = list(NUMBER.finditer(data))
            for _ in range(rng.randint(1, 3)):
                if not numbers:
                    break
                match = rng.choice(numbers)
                data = data[: match.start()] + rng.choice(EXTREMES).encode() + data[match.end():]
                numbers = list(NUMBER.finditer(data))
            return data
        lines = data.split(b"\n")
        if kind == 5 and len(lines) > 2:  # lines reordered
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            return b"\n".join(lines)
        if kind == 6 and lines:  # lines repeated
            i = rng.randrange(len(lines))
            return b"\n".join(lines[:i] + [lines[i]] * rng.randint(2, 50) + lines[i:])
        if kind == 7:  # a huge line
            i = rng.randrange(len(lines) + 1)
            filler = rng.choice([b"9", b"a", b",", b"{\"t_us\":", b"1,"]) * rng.choice([70_000, 300_000, 1_100_000])
            return b"\n".join(lines[:i] + [filler] + lines[i:])
        if kind == 8:  # CR LF, or lone CRs
            return data.replace(b"\n", rng.choice([b"\r\n", b"\r"]))
        if kind == 9:  # a byte order mark
            return b"\xef\xbb\xbf" + data
        if kind == 10:  # NUL bytes and invalid UTF-8
            i = rng.randrange(len(data) + 1)
            return data[:i] + rng.choice([b"\x00", b"\xff\xfe", b"\xc3", b"\xe2\x80\xa8"]) + data[i:]
        return rng.choice(self.donors) if self.donors else data  # another file's content

    def recording(self, source, folder, outside):
        """A mutated copy of the recording `source` in `folder`; `outside` is a file outside
        the state directory that a file of the recording may become a link to."""
        shutil.copytree(source, folder)
        rng = self.rng
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            name = rng.choice(FILES)
            path = os.path.join(folder, name)
            if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
                continue  # already a folder, a FIFO or a link: never written through
            choice = rng.randrange(24)
            if choice < 2:
                if os.path.lexists(path):
                    os.remove(path)
            elif choice < 4:
                open(path, "wb").close()
            elif choice == 4:  # a folder, a FIFO or a link where the file was
                if os.path.lexists(path):
                    os.remove(path)
                rng.choice([os.mkdir, os.mkfifo, lambda path: os.symlink(outside, path)])(path)
            else:
                data = open(path, "rb").read() if os.path.exists(path) else b""
                open(path, "wb").write(self.bytes_(data, numbers_first=name.endswith((".json", ".jsonl"))))

    def report(self, data):
        """A mutated report; sealed again half of the time, so that its fields are read."""
        data = self.bytes_(data, numbers_first=True)
        if self.rng.random() < 0.5:
            body = unsealed(data)
            if body.endswith(b"}"):
                data = seal(body)
        return data


def commands(index, state):
    """The commands run for recording number `index`."""
    name = f"m{index}"
    return [
        f"replay {name}", f"replay {name} settings=recorded", f"report {name}", f"report verify {name}",
        f"record export {name}", f"trial report {name}", f"sim play {state}/recordings/{name}/frames.csv",
    ]


def copy_entry(source, target):
    """Copies a file, or makes a FIFO where `source` is one (shutil would refuse it)."""
    if stat.S_ISFIFO(os.lstat(source).st_mode):
        os.mkfifo(target)
    else:
        shutil.copy2(source, target, follow_symlinks=False)


def listing(folder):
    """The files under `folder` (links not followed)."""
    found = []
    for directory, _, files in os.walk(folder):
        found += [os.path.join(directory, file) for file in files]
    return sorted(found)


def run_batch(forcepad, work, template, batch, first, count, seed, donors, timeout):
    """Makes `count` mutated recordings in a state directory of their own and runs forcepad over
    them: (recordings, commands answered, findings)."""
    rng = random.Random(seed * 1_000_003 + batch)
    mutator = Mutator(rng, donors)
    folder = os.path.join(work, f"batch-{batch}")
    shutil.rmtree(folder, ignore_errors=True)
    state = os.path.join(folder, "state")
    os.makedirs(os.path.join(state, "recordings"))
    os.makedirs(os.path.join(state, "reports"))
    report = open(os.path.join(template, "state/reports/t1.json"), "rb").read()
    # Files outside the state directory, which links inside it point at: none may change.
    outside = os.path.join(folder, "outside")
    os.makedirs(outside)
    for name in ("recording.json", "report.json", "plain.txt"):
        shutil.copy(os.path.join(template, "state/reports/t1.json"), os.path.join(outside, name))
    sent = ["mode json", "record list"]
    owner = [None, None]
    for index in range(first, first + count):
        source = rng.choice(["t1", "r1"])
        mutator.recording(
            os.path.join(template, "state/recordings", source), os.path.join(state, "recordings", f"m{index}"),
            os.path.join(outside, rng.choice(["recording.json", "report.json", "plain.txt"])))
        if rng.random() < 0.05:  # what report and record export write, a link to a file outside
            suffix = rng.choice([".svg", ".forces.csv", ".r2.json", ".r2.svg", ".json"])
            target = os.path.join(state, "reports", f"m{index}{suffix}")
            if not os.path.lexists(target):
                os.symlink(os.path.join(outside, "plain.txt"), target)
        if rng.random() < 0.8 and not os.path.lexists(os.path.join(state, "reports", f"m{index}.json")):
            open(os.path.join(state, "reports", f"m{index}.json"), "wb").write(mutator.report(report))
            if rng.random() < 0.2 and not os.path.lexists(os.path.join(state, "reports", f"m{index}.r2.json")):
                open(os.path.join(state, "reports", f"m{index}.r2.json"), "wb").write(mutator.report(report))
        for command in commands(index, state):
            sent.append(command)
            owner.append(index)
    sent.append("quit")
    owner.append(None)
    before = {path: open(path, "rb").read() for path in listing(outside)}
    status, out, err, timed_out = run_forcepad(forcepad, state, sent, folder, timeout)

    findings = []
    answers = 0
    pending = 0  # index into `sent` of the command whose answer comes next
    for line in out.split(b"\n"):
        if not line:
            continue
        try:
            value = json.loads(line)
        except ValueError:
            value = None
        if not isinstance(value, dict):
            findings.append((owner[min(pending, len(owner) - 1)], f"a line that is not a JSON object: {line[:200]!r}"))
            continue
        if "cmd" not in value:
            continue  # an event
        answers += 1
        error = value.get("error")
        # Other control characters are escaped where any line reaches a terminal (TerminalSafeText).
        if isinstance(error, str) and ("\n" in error or "\r" in error or error.strip() == ""):
            findings.append((owner[min(pending, len(owner) - 1)], f"an error that is not one line: {error[:300]!r}"))
        pending += 1
    text = err.decode(errors="replace")
    culprit = owner[pending] if pending < len(owner) else None
    last = sent[pending] if pending < len(sent) else "after quit"
    if timed_out:
        findings.append((culprit, f"still running after {timeout} s, at '{last}'"))
    elif status != 0 or any(trap in text for trap in TRAPS):
        trap = next((line for line in text.splitlines() if any(t in line for t in TRAPS)), text[-300:])
        findings.append((culprit, f"exit status {status} at '{last}': {trap.strip()[:300]}"))
    written = [path for path in listing(folder) if not path.startswith((state + os.sep, outside + os.sep))]
    written += [path for path in listing(outside) if before.get(path) != open(path, "rb").read()]
    if written:
        findings.append((None, f"files written outside the state directory: {written[:5]}"))

    kept = []
    seen = set()
    for index, why in findings:
        if index in seen:
            continue  # one finding per recording: the first
        seen.add(index)
        target = os.path.join(work, "findings", f"batch-{batch}-m{index if index is not None else 'all'}-{len(kept)}")
        shutil.rmtree(target, ignore_errors=True)
        os.makedirs(target)
        state_copy = os.path.join(target, "state")
        if index is None:
            shutil.copytree(state, state_copy, symlinks=True, copy_function=copy_entry)
            lines = sent
        else:
            os.makedirs(os.path.join(state_copy, "reports"))
            shutil.copytree(
                os.path.join(state, "recordings", f"m{index}"), os.path.join(state_copy, "recordings", f"m{index}"),
                symlinks=True, copy_function=copy_entry)
            for path in listing(os.path.join(state, "reports")):
                if os.path.basename(path).startswith(f"m{index}."):
                    copy_entry(path, os.path.join(state_copy, "reports", os.path.basename(path)))
            lines = ["mode json", "record list"] + commands(index, state)
        open(os.path.join(target, "repro.txt"), "w").write("\n".join(line.replace(state, state_copy) for line in lines) + "\n")
        open(os.path.join(target, "finding.txt"), "w").write(
            f"{why}\nforcepad --state-dir {state_copy} < {target}/repro.txt\n")
        kept.append(f"{why} (kept in {os.path.relpath(target, ROOT)})")
    # A recording counts once every command run for it was answered.
    answered_recordings = len({index for index in owner[:pending] if index is not None} - {culprit})
    if not findings:
        shutil.rmtree(folder, ignore_errors=True)
    return answered_recordings, answers, kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--recordings", type=int, default=10_000, help="mutated recordings (10000)")
    parser.add_argument("--batch", type=int, default=100, help="recordings per forcepad process (100)")
    parser.add_argument("--jobs", type=int, default=2, help="forcepad processes at a time (2)")
    parser.add_argument("--seed", type=int, default=int(time.time()), help="random seed (the time)")
    parser.add_argument("--forcepad", default=os.path.join(ROOT, ".build/debug/forcepad"))
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-fuzz/mutations"))
    parser.add_argument("--timeout", type=float, default=600, help="seconds a batch may take (600)")
    options = parser.parse_args()
    # Each forcepad runs in a folder of its own: paths given relative to here must not move with it.
    options.forcepad = os.path.abspath(options.forcepad)
    options.work = os.path.abspath(options.work)
    start = time.monotonic()
    os.makedirs(options.work, exist_ok=True)
    template = make_templates(options.forcepad, options.work)
    donors = []
    for target in ("recording", "events", "trace", "report", "calibration"):
        corpus = os.path.join(ROOT, "fuzz/corpus", target)
        donors += [open(os.path.join(corpus, name), "rb").read() for name in sorted(os.listdir(corpus))] if os.path.isdir(corpus) else []
    batches = [(n, n * options.batch, min(options.batch, options.recordings - n * options.batch))
               for n in range((options.recordings + options.batch - 1) // options.batch)]
    recordings = commands_run = 0
    findings = []
    with ThreadPoolExecutor(max_workers=options.jobs) as pool:
        runs = [pool.submit(run_batch, options.forcepad, options.work, template, n, first, count, options.seed, donors, options.timeout)
                for n, first, count in batches]
        for run in runs:
            done, answered, kept = run.result()
            recordings += done
            commands_run += answered
            findings += kept
    seconds = time.monotonic() - start
    print(f"mutate-recordings: {recordings} recordings, {commands_run} commands, {seconds:.0f} s, {len(findings)} findings (seed {options.seed})")
    for finding in findings:
        print("  " + finding, file=sys.stderr)
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
