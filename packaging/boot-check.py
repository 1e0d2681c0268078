#!/usr/bin/env python3
"""Boots the boot check's root (packaging/boot-check.sh) with systemd as PID 1 and checks
forcepad@ttyS1 there.

The guest's two 8250 UARTs are bridged to Unix sockets on the host: ttyS0 is the kernel
console and carries the check's command shell (boot-check-console.service; everything read
from it is kept in WORKDIR/console.log), ttyS1 is the line forcepad@ttyS1 serves its shell
on. The socket reading, the command shell's protocol, the stop and the tally are the kernel
rig's (rig/guest_harness.py); what the service tells systemd is checked as the packaging
check checks it (packaging/service_notify.py).

Prints one line per check, "ok NAME: detail" or "FAIL NAME: reason", and closes with
"N passed, N failed"; exits 1 if any failed.
"""

import argparse
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rig"))
from service_notify import SIM_STATUS, stop_problem  # noqa: E402

from guest_harness import CheckFailed, QemuGuest, Tally, require  # noqa: E402

UNIT = "forcepad@ttyS1.service"
# The answer to `*IDN?` in human mode with the sim board: maker, board, serial, version.
IDN_PATTERN = re.compile(r"ForcePad,sim,[^,]+,\d+\.\d+\.\d+")


class BootedGuest(QemuGuest):
    """QEMU running the root with systemd as PID 1; `shell` on ttyS0, `uart` on ttyS1."""

    QEMU_LOG_TAIL = 300
    CONSOLE_TAIL = 600

    def __init__(self, args: argparse.Namespace) -> None:
        self.console_log = args.workdir / "console.log"
        self.qemu_log = args.workdir / "qemu.log"
        self.socket_dir = Path(tempfile.mkdtemp(prefix="boot-check-"))
        started = self.start_qemu(
            [
                args.qemu,
                "-accel",
                "tcg",
                "-m",
                str(args.memory),
                "-smp",
                str(args.cpus),
                "-nodefaults",
                "-no-user-config",
                "-display",
                "none",
                "-no-reboot",
                "-kernel",
                str(args.kernel),
                "-initrd",
                str(args.initramfs),
                "-append",
                "console=ttyS0 rdinit=/lib/systemd/systemd quiet loglevel=3 "
                "systemd.show_status=false panic=-1 mitigations=off",
            ],
            ["-serial", "chardev:control"],
            ["-serial", "chardev:uart"],
        )
        try:
            deadline = started + args.boot_timeout
            self.connect(deadline)
            # Nothing is sent before the command shell says it is ready (a UART starting up
            # drops what its receive FIFO holds).
            ready_line = self.wait_for_line("boot-check: ready", deadline)
            if ready_line is None:
                raise CheckFailed(
                    f"the console shell did not say it was ready within "
                    f"{args.boot_timeout:.0f}s; console: {self.console()[-600:]}"
                )
            self.ready_line = ready_line
            self.boot_seconds = time.monotonic() - started
        except BaseException:
            self.stop()
            raise

    def unit(self, *properties: str) -> dict[str, str]:
        """The unit's properties, as `systemctl show` gives them."""
        output = self.shell.check(f"systemctl show {UNIT} " + " ".join(f"-p {p}" for p in properties))
        return dict(line.split("=", 1) for line in output.splitlines() if "=" in line)

    def journal(self) -> str:
        return self.shell.check(f"journalctl -b -o cat --no-pager -u {UNIT}", timeout=60)

    def idn(self, timeout: float) -> str | None:
        """Sends `*IDN?` on ttyS1 until the answer comes; returns it, or None after timeout seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.uart.drain(0.2)
            self.uart.send("*IDN?\r\n")
            answer_deadline = min(deadline, time.monotonic() + 3)
            while True:
                line = self.uart.next_line(answer_deadline)
                if line is None:
                    break
                match = IDN_PATTERN.search(line)
                if match:
                    return match.group(0)
        return None

    def stop(self) -> None:
        self.power_off("systemctl poweroff -f")


class Checks(Tally):
    def __init__(self, guest: BootedGuest, args: argparse.Namespace) -> None:
        super().__init__()
        self.guest, self.args = guest, args

    def run(self, name: str, function: Callable[[], str]) -> None:
        passed, detail, seconds = self.attempt(function)
        if passed:
            print(f"boot-check: ok    {name} ({seconds:.1f}s): {detail}", flush=True)
        else:
            print(f"boot-check: FAIL  {name} ({seconds:.1f}s): {detail}", flush=True)
            self.guest.require_running()

    def shell_without_login(self) -> str:
        """The shell answers on ttyS1 after boot, nobody having logged in."""
        answer = self.guest.idn(self.args.answer_timeout)
        require(answer is not None, f"no answer to *IDN? on ttyS1 within {self.args.answer_timeout:.0f}s")
        return f"*IDN? on ttyS1 → {answer}"

    def service_ready(self) -> str:
        """systemd counts the unit active, which for Type=notify means READY=1 arrived."""
        state = self.guest.shell.run(f"systemctl is-active {UNIT}")[1].strip()
        require(state == "active", f"systemctl is-active {UNIT} says {state!r}")
        unit = self.guest.unit("Type", "MainPID", "ActiveEnterTimestamp", "StatusText", "NRestarts")
        require(unit.get("Type") == "notify", f"Type={unit.get('Type')}, not notify")
        require(
            unit.get("StatusText") == SIM_STATUS,
            f"StatusText={unit.get('StatusText')!r}, not the one sent with READY=1 ({SIM_STATUS!r})",
        )
        journal = self.guest.journal()
        require(
            re.search(r"^Started forcepad@ttyS1\.service", journal, re.M),
            f"the journal does not show the unit started (READY=1): {journal[-300:]}",
        )
        getty = self.guest.shell.run("systemctl is-active serial-getty@ttyS1.service")[1].strip()
        require(getty != "active", "serial-getty@ttyS1 is running on forcepad's line")
        return (
            f"active since {unit.get('ActiveEnterTimestamp')}, MainPID {unit.get('MainPID')}, "
            f"status '{unit.get('StatusText')}', journal: Started (READY=1), serial-getty@ttyS1 {getty}"
        )

    def watchdog_restart(self) -> str:
        """A stopped main process stops feeding the watchdog: systemd restarts the service."""
        before = self.guest.unit("MainPID", "NRestarts")
        pid, restarts = int(before["MainPID"]), int(before["NRestarts"])
        require(pid > 0, "the unit has no main process")
        self.guest.shell.check(f"kill -STOP {pid}")
        stopped = time.monotonic()
        deadline = stopped + self.args.restart_timeout
        while True:
            now = self.guest.unit("MainPID", "NRestarts", "ActiveState")
            if int(now["NRestarts"]) > restarts and now["ActiveState"] == "active" and int(now["MainPID"]) != pid:
                break
            require(
                time.monotonic() < deadline, f"no restart within {self.args.restart_timeout:.0f}s of SIGSTOP: {now}"
            )
            time.sleep(0.5)
        restarted = time.monotonic() - stopped
        answer = self.guest.idn(self.args.answer_timeout)
        require(answer is not None, "the restarted service does not answer *IDN? on ttyS1")
        journal = self.guest.journal()
        require("Watchdog timeout" in journal, f"the journal does not name the watchdog: {journal[-300:]}")
        return (
            f"SIGSTOP → journal 'Watchdog timeout' → NRestarts {restarts}→{now['NRestarts']}, "
            f"active again with MainPID {now['MainPID']} {restarted:.1f}s after SIGSTOP; *IDN? answered"
        )

    def clean_stop(self) -> str:
        """`systemctl stop` ends the service with exit status 0."""
        pid = self.guest.unit("MainPID")["MainPID"]
        self.guest.shell.check(f"systemctl stop {UNIT}", timeout=60)
        unit = self.guest.unit("ActiveState", "Result", "ExecMainCode", "ExecMainStatus")
        require(unit.get("ActiveState") == "inactive", f"ActiveState={unit.get('ActiveState')} after stop")
        require(unit.get("Result") == "success", f"Result={unit.get('Result')} after stop")
        # ExecMainCode 1 is CLD_EXITED: the process exited by itself instead of dying of the signal.
        require(
            (unit.get("ExecMainCode"), unit.get("ExecMainStatus")) == ("1", "0"),
            f"main process {pid} ended with code {unit.get('ExecMainCode')} status {unit.get('ExecMainStatus')}, "
            "not exit 0",
        )
        journal = self.guest.journal()
        require(
            re.search(r"^Stopped forcepad@ttyS1\.service", journal, re.M),
            f"the journal does not show the stop: {journal[-300:]}",
        )
        last_run = journal.split("Watchdog timeout")[-1]
        require(not re.search(r"SIGKILL|timed out", last_run), "systemd had to kill the service on stop")
        problem = stop_problem(None, last_run)
        require(problem is None, f"{problem}: {last_run[-300:]}")
        return (
            f"inactive, Result=success, main process {pid} exited 0; journal: 'loop stopped, haptic line off', "
            "Stopped. Haptic line read back: not applicable (the sim board has no GPIO line)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernel", required=True, type=Path)
    parser.add_argument("--initramfs", required=True, type=Path, help="the whole root as a newc cpio archive")
    parser.add_argument("--workdir", required=True, type=Path)
    parser.add_argument("--qemu", default="qemu-system-x86_64")
    parser.add_argument("--memory", type=int, default=2048, help="MiB; the root lives in it")
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--boot-timeout", type=float, default=300, help="seconds until the console shell is up")
    parser.add_argument("--answer-timeout", type=float, default=120, help="seconds for forcepad to answer on ttyS1")
    parser.add_argument(
        "--restart-timeout",
        type=float,
        default=60,
        help="seconds from SIGSTOP until systemd has the service active again",
    )
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)

    try:
        guest = BootedGuest(args)
    except CheckFailed as failure:
        print(f"boot-check: FAIL  boot: {failure}")
        print("boot-check: 0 passed, 1 failed")
        return 1
    print(f"boot-check: ok    boot ({guest.boot_seconds:.1f}s): {guest.ready_line.split('ready: ', 1)[-1]}", flush=True)
    checks = Checks(guest, args)
    try:
        for name, function in [
            ("shell-without-login", checks.shell_without_login),
            ("service-ready", checks.service_ready),
            ("watchdog-restart", checks.watchdog_restart),
            ("clean-stop", checks.clean_stop),
        ]:
            checks.run(name, function)
    except CheckFailed as death:
        checks.failed += 1
        print(f"boot-check: FAIL  guest: {death}; the checks after this one did not run")
    finally:
        guest.stop()
    print(f"boot-check: {checks.passed + 1} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
