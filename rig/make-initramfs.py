#!/usr/bin/env python3
"""Assembles the rig guest's initramfs (a newc cpio archive, uncompressed: the emulated
guest unpacks it faster than it could decompress it).

Contents:
  /init, /rig/player, /rig/watcher, /rig/spawn, /rig/drv2605l, /rig/loadcell,
  /rig/accelerometer                       from rig/guest/
  /bin/busybox                             a static busybox (the host's by default)
  /lib/modules/KVER/*.ko                   configfs, i2c-dev, i2c-stub, gpio-sim
  /opt/forcepad/bin/NAME                   each forcepad build given, stripped
  /opt/forcepad/boards/*.toml              the package's boards (so --board sim resolves)
  /rig/boards/*.toml and *.profile         the rig's boards; a profile tells the player how
                                           the board's ADC presents its conversions
  /rig/config/*.toml, /rig/traces/*.csv    forcepad settings and force traces for the tests
  the shared libraries the binaries need, with the dynamic loader: for binaries of the
  host's architecture those ldd names, at its paths; with --sysroot (binaries of another
  architecture) the NEEDED entries read with readelf, resolved in the sysroot as the loader
  would (its multiarch directory, then lib and usr/lib), and what those need in turn.
  /opt/sysroots/NAME/...                   with --apart NAME=SYSROOT, the libraries and loader
                                           of build NAME, resolved in SYSROOT as above but kept
                                           apart from the host's (another glibc: a package built
                                           for a newer Debian); its copy names that loader and
                                           those folders (patchelf: interpreter, forced rpath)
"""

import argparse
import os
import re
import stat
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import BinaryIO

RIG = Path(__file__).resolve().parent
ROOT = RIG.parent
sys.dont_write_bytecode = True
sys.path.insert(0, str(RIG))
from player_profile import player_profile  # noqa: E402


class Archive:
    """Writes a newc cpio archive: directories, regular files, symlinks, device nodes."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.inode = 1
        self.seen: set[str] = set()

    def _entry(self, name: str, mode: int, data: bytes = b"", rdev: tuple[int, int] = (0, 0)) -> None:
        name = name.lstrip("/")
        if name in self.seen:
            return
        self.seen.add(name)
        encoded = name.encode() + b"\0"
        fields = [
            self.inode,
            mode,
            0,
            0,
            2 if stat.S_ISDIR(mode) else 1,
            0,
            len(data),
            0,
            0,
            rdev[0],
            rdev[1],
            len(encoded),
            0,
        ]
        self.inode += 1
        header = b"070701" + b"".join(b"%08X" % value for value in fields)
        self.stream.write(header + encoded)
        self.stream.write(b"\0" * (-(len(header) + len(encoded)) % 4))
        self.stream.write(data)
        self.stream.write(b"\0" * (-len(data) % 4))

    def directory(self, name: str) -> None:
        parts = [part for part in name.strip("/").split("/") if part]
        for depth in range(1, len(parts) + 1):
            self._entry("/".join(parts[:depth]), stat.S_IFDIR | 0o755)

    def file(self, name: str, data: bytes, executable: bool = False) -> None:
        self.directory(os.path.dirname(name.strip("/")))
        self._entry(name, stat.S_IFREG | (0o755 if executable else 0o644), data)

    def symlink(self, name: str, target: str) -> None:
        self.directory(os.path.dirname(name.strip("/")))
        self._entry(name, stat.S_IFLNK | 0o777, target.encode())

    def char_device(self, name: str, major: int, minor: int) -> None:
        self.directory(os.path.dirname(name.strip("/")))
        self._entry(name, stat.S_IFCHR | 0o600, rdev=(major, minor))

    def close(self) -> None:
        self._entry("TRAILER!!!", 0)


def shared_libraries(binary: str) -> list[tuple[str, str]]:
    """(path in the guest, file on the host) for every library ldd lists, and the loader."""
    output = subprocess.run(["ldd", str(binary)], check=True, capture_output=True, text=True).stdout
    libraries = []
    for line in output.splitlines():
        words = line.split()
        if "=>" in words:
            path = words[words.index("=>") + 1]
            if path.startswith("/"):
                libraries.append((path, os.path.realpath(path)))
        elif words and words[0].startswith("/"):
            libraries.append((words[0], os.path.realpath(words[0])))
    return libraries


def in_sysroot(sysroot: str, path: str) -> Path:
    """The file a path names inside sysroot, its symlinks (absolute ones too) followed there."""
    current = Path(sysroot)
    parts = list(Path(path.lstrip("/")).parts)
    for _ in range(64 + len(parts)):
        if not parts:
            return current
        candidate = current / parts.pop(0)
        if candidate.is_symlink():
            target = os.readlink(candidate)
            if target.startswith("/"):
                current = Path(sysroot)
            parts = list(Path(target.lstrip("/")).parts) + parts
        else:
            current = candidate
    raise SystemExit(f"make-initramfs: too many symbolic links resolving {path} in {sysroot}")


def readelf(arguments: list[str], file: str | Path) -> str:
    return subprocess.run(["readelf", "-W", *arguments, str(file)], check=True, capture_output=True, text=True).stdout


def interpreter_of(binary: str | Path) -> str:
    """The program interpreter (dynamic loader) binary names."""
    interpreter = re.search(r"\[Requesting program interpreter: (\S+)\]", readelf(["-l"], binary))
    if not interpreter:
        raise SystemExit(
            f"make-initramfs: {binary} names no program interpreter; "
            "give a dynamically linked binary or leave out --sysroot and --apart"
        )
    return interpreter.group(1)


def sysroot_libraries(binary: str, sysroot: str) -> dict[str, Path]:
    """(path in the guest, file on the host) for the loader and every library binary needs,
    directly or through another library, resolved in sysroot."""
    interpreter = interpreter_of(binary)
    triplets = sorted(path.name for path in Path(sysroot, "usr/lib").glob("*-linux-gnu*") if path.is_dir())
    folders = [f"lib/{t}" for t in triplets] + [f"usr/lib/{t}" for t in triplets] + ["lib", "usr/lib"]
    libraries = {interpreter: in_sysroot(sysroot, interpreter)}
    pending: list[Path] = [Path(binary)]
    seen: set[str] = set()
    while pending:
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", readelf(["-d"], pending.pop()))
        for name in needed:
            if name in seen:
                continue
            seen.add(name)
            found = next(
                (
                    (folder, in_sysroot(sysroot, f"{folder}/{name}"))
                    for folder in folders
                    if in_sysroot(sysroot, f"{folder}/{name}").is_file()
                ),
                None,
            )
            if found is None:
                raise SystemExit(
                    f"make-initramfs: {name}, needed by {binary}, is not in {sysroot} "
                    f"({', '.join(folders)}); add its package to the sysroot"
                )
            folder, host_file = found
            if not any(host_file == existing for existing in libraries.values()):
                libraries[f"/{folder}/{name}"] = host_file
                pending.append(host_file)
    return libraries


def kept_apart(binary: bytes, name: str, sysroot: str, source: str) -> tuple[bytes, dict[str, Path]]:
    """The stripped `binary` (built as `source`) set to load its libraries from sysroot's,
    installed under /opt/sysroots/NAME: its interpreter there, and a forced rpath (which the
    loader follows for every library it loads, not only the binary's own) over the folders
    they were found in; with those libraries' (path in the guest, file on the host)."""
    prefix = f"/opt/sysroots/{name}"
    found = sysroot_libraries(source, sysroot)
    interpreter = interpreter_of(source)
    folders = sorted({os.path.dirname(path) for path in found if path != interpreter})
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "binary"
        copy.write_bytes(binary)
        subprocess.run(
            [
                "patchelf",
                "--set-interpreter",
                prefix + interpreter,
                "--force-rpath",
                "--set-rpath",
                ":".join(prefix + folder for folder in folders),
                str(copy),
            ],
            check=True,
        )
        return copy.read_bytes(), {prefix + path: host for path, host in found.items()}


def stripped(binary: str, strip: str) -> bytes:
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "binary"
        subprocess.run([strip, "-o", str(copy), str(binary)], check=True)
        return copy.read_bytes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernel-dir", required=True, help="CACHE/kernel/KVER")
    parser.add_argument("--kver", required=True)
    parser.add_argument(
        "--forcepad",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="a forcepad build to install as /opt/forcepad/bin/NAME",
    )
    parser.add_argument("--busybox", default="/bin/busybox")
    parser.add_argument("--sysroot", help="the root to find a foreign architecture's shared libraries in")
    parser.add_argument("--strip", default="strip", help="the strip for the binaries' architecture")
    parser.add_argument(
        "--apart",
        action="append",
        default=[],
        metavar="NAME=SYSROOT",
        help="build NAME's libraries from SYSROOT, kept apart under /opt/sysroots/NAME",
    )
    parser.add_argument("--output", required=True)
    args = parser.parse_args()

    output = Path(args.output)
    partial = output.with_suffix(output.suffix + ".part")
    with open(partial, "wb") as stream:
        archive = Archive(stream)
        for directory in ["bin", "dev", "proc", "sys", "tmp", "root", "etc"]:
            archive.directory(directory)
        archive.char_device("dev/console", 5, 1)
        archive.char_device("dev/null", 1, 3)
        archive.file("init", (RIG / "guest/init").read_bytes(), executable=True)
        archive.file("bin/busybox", Path(args.busybox).read_bytes(), executable=True)
        for tool in ["player", "watcher", "spawn", "drv2605l", "loadcell", "accelerometer"]:
            archive.file(f"rig/{tool}", (RIG / "guest" / tool).read_bytes(), executable=True)
        for module in sorted(Path(args.kernel_dir, "modules").glob("*.ko")):
            archive.file(f"lib/modules/{args.kver}/{module.name}", module.read_bytes())

        libraries: dict[str, str | Path] = {}
        apart = dict(spec.split("=", 1) for spec in args.apart)
        for spec in args.forcepad:
            name, path = spec.split("=", 1)
            binary = stripped(path, args.strip)
            if name in apart:
                binary, own = kept_apart(binary, name, apart[name], path)
                libraries.update(own)
            else:
                libraries.update(sysroot_libraries(path, args.sysroot) if args.sysroot else shared_libraries(path))
            archive.file(f"opt/forcepad/bin/{name}", binary, executable=True)
        for guest_path, host_path in sorted(libraries.items()):
            archive.file(guest_path, Path(host_path).read_bytes(), executable=True)

        for board in sorted((ROOT / "boards").glob("*.toml")):
            archive.file(f"opt/forcepad/boards/{board.name}", board.read_bytes())
        for board in sorted((RIG / "boards").glob("*.toml")):
            archive.file(f"rig/boards/{board.name}", board.read_bytes())
            # The player plays boards of one converter; the 256-cell matrix's check writes its
            # converters' registers itself.
            if len(tomllib.loads(board.read_text())["adc"]) == 1:
                archive.file(f"rig/boards/{board.stem}.profile", player_profile(board).encode())
        for folder, pattern in [("config", "*.toml"), ("traces", "*.csv")]:
            for item in sorted((RIG / folder).glob(pattern)):
                archive.file(f"rig/{folder}/{item.name}", item.read_bytes())
        archive.close()
    partial.rename(output)


if __name__ == "__main__":
    main()
