#!/usr/bin/env python3
"""Times each fuzz target on large inputs of one shape each, at 256 KiB and at 1 MiB (the
largest file forcepad reads), to show that time grows linearly with the input: the ratio of
the two times is about 4 when it does and about 16 when it grows with the square.

    fuzz/sizes.py      (after fuzz/run.sh has built the targets into .build-fuzz)

Prints one line per shape and exits non-zero if a ratio is above 8 or an input crashes.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build-fuzz", "debug")

# (target, shape, text before, the i-th repeated unit, separator, text after)
SHAPES = [
    ("config", "keys", "", lambda i: f"k{i} = 1", "\n", "\n"),
    ("config", "dotted keys", "", lambda i: f"a.b{i}.c = 1", "\n", "\n"),
    ("config", "[[name]] headers", "", lambda i: f"[[a{i // 2}]]", "\n", "\n"),
    ("config", "array elements", "x = [", lambda i: "1", ", ", "]\n"),
    ("config", "nested arrays 32 deep", "", lambda i: f"x{i} = " + "[" * 32 + "]" * 32, "\n", "\n"),
    ("config", "haptic patterns", "[haptics.patterns]\n", lambda i: f'p{i} = "on 1ms"', "\n", "\n"),
    ("config", "static shortcuts", "shortcuts = [",
     lambda i: f'{{ type = "lab.t{i}", title = "T", command = "tare" }}', ", ", "]\n"),
    ("config", "one string", 'x = "', lambda i: "a", "", '"\n'),
    ("config", "one comment", "#", lambda i: "a", "", "\n"),
    ("board", "converters", 'name = "x"\nadc = [',
     lambda i: f'{{ model = "ads7830", address = {i % 128}, inputs = [0] }}', ", ", "]\n"),
    ("board", "calibration points", "[calibration]\npoints = [", lambda i: f"[{i}, {i}]", ", ", "]\n"),
    ("shortcuts", "user_info keys",
     'written = "t"\n[[shortcut]]\ntype = "a.b"\ntitle = "T"\ncommand = "tare"\nversion = "1"\nuser_info = { ',
     lambda i: f'k{i} = "v"', ", ", " }\n"),
    ("calibration", "points", 'board = "sim"\nversion = "1"\nwritten = "t"\nchecksum = "crc32:0"\n[[cell]]\npoints = [',
     lambda i: f"[{i}, {i}]", ", ", "]\n"),
    ("trace", "rows", "t_us,g0,g1\n", lambda i: f"{i},1,2", "\n", "\n"),
    ("gauge-answer", "one long number", "", lambda i: "1", "", " N\r\n"),
]


def text(before, unit, separator, after, size):
    """The shape filled with units up to `size` bytes."""
    parts, length, i = [], len(before) + len(after), 0
    while True:
        part = unit(i)
        if length + len(part) + len(separator) > size:
            break
        parts.append(part)
        length += len(part) + len(separator)
        i += 1
    return before + separator.join(parts) + after


def milliseconds(target, path):
    """Time of one run of the target on the file, as libFuzzer reports it."""
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    run = subprocess.run([os.path.join(BIN, "fuzz-" + target), path], env=env,
                         capture_output=True, text=True, errors="replace", timeout=600)
    found = re.search(r"^Executed .* in (\d+) ms$", run.stderr, re.M)
    if run.returncode != 0 or not found:
        sys.exit(f"fuzz/sizes.py: fuzz-{target} failed on {path}:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main():
    failed = False
    with tempfile.TemporaryDirectory() as directory:
        print(f"{'target':12} {'shape':24} {'256 KiB':>9} {'1 MiB':>9} {'ratio':>6}")
        for target, shape, before, unit, separator, after in SHAPES:
            times = []
            for size in (1 << 18, 1 << 20):
                path = os.path.join(directory, "input")
                with open(path, "w") as file:
                    file.write(text(before, unit, separator, after, size))
                times.append(milliseconds(target, path))
            ratio = times[1] / max(times[0], 1)
            failed |= ratio > 8 and times[1] > 100
            print(f"{target:12} {shape:24} {times[0]:>6} ms {times[1]:>6} ms {ratio:>6.1f}")
    if failed:
        sys.exit("fuzz/sizes.py: an input grows faster than linearly (ratio above 8)")


if __name__ == "__main__":
    main()
