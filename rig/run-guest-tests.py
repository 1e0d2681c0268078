#!/usr/bin/env python3
"""Boots the rig guest in QEMU and runs forcepad's checks against the real kernel there.

The guest has two UARTs, both bridged to Unix sockets on the host (MACHINES names them per
architecture): the control UART is the kernel console and carries a command shell for this
driver (everything read from it is kept in WORKDIR/console.log), the forcepad UART is an
8250 that forcepad serves its shell on. Every exchange with forcepad goes over the forcepad
UART; the command shell starts and stops programs, plays force traces into i2c-stub, pulls
the sensor, reads the haptic line back from gpio-sim and drives the feedback input there
through its pull.

Prints one line per check and closes with "N passed, N failed"; exits 1 if any failed.
"""

import argparse
import json
import re
import shlex
import shutil
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from guest_harness import CheckFailed, GuestDied, QemuGuest, Tally, require

# A JSON object forcepad sent: an answer or an event.
Message = dict[str, Any]

HAPTIC_LINE = "GPIO18"
ADS7830_BOARD = "/rig/boards/rig-ads7830.toml"
ADS1115_BOARD = "/rig/boards/rig-ads1115.toml"
MUX_BOARD = "/rig/boards/rig-mux256.toml"
# The TCA9548A switch of rig-mux256 and its ADS7830s (four, the same behind each channel).
MUX_ADDRESS = 0x70
MUX_CONVERTERS = (0x48, 0x49, 0x4A, 0x4B)
ADS7830_PROFILE = "/rig/boards/rig-ads7830.profile"
ADS1115_PROFILE = "/rig/boards/rig-ads1115.profile"
PULSE_CONFIG = "/rig/config/pulse.toml"
LEVEL_CONFIG = "/rig/config/level.toml"
FEEDBACK_BOARD = "/rig/boards/rig-feedback.toml"
FEEDBACK_LINE = "GPIO23"
# The counts rig-ads7830's calibration gives for 0, 100, 50 and 150 g, and rig-ads1115's for 100 g.
ADS7830_COUNTS = {0: 0, 100: 102, 50: 64, 150: 128}
ADS1115_COUNTS_100G = 13107
# The rig's i2c-stub: while this is 1, no chip answers (rig/build-modules.sh).
STUB_ABSENT = "/sys/module/i2c_stub/parameters/absent"
# i2c-stub's chips on /dev/i2c-0: the ADC, the NAU7802, the DRV2605L, the ADXL345, the other
# three ADS7830s and the TCA9548A of the 256-cell matrix (rig/guest/init).
STUB_CHIPS = "0x48,0x2a,0x5a,0x53,0x49,0x4a,0x4b,0x70"
DRV2605L_BOARD = "/rig/boards/rig-drv2605l.toml"
DRV2605L_PROFILE = "/rig/boards/rig-drv2605l.profile"
DRV2605L_CONFIG = "/rig/config/drv2605l.toml"
# rig-drv2605l.toml with trigger = "i2c", written in the guest by the check that uses it.
DRV2605L_I2C_BOARD = "/tmp/rig-drv2605l-i2c.toml"
DRV2605L_ADDRESS = 0x5A
# The DRV2605L registers the checks read (DRV2605LRegisters in the sources) and their bits.
STATUS, MODE, LIBRARY_SEL, WAV_FRM_SEQ1, GO = 0x00, 0x01, 0x03, 0x04, 0x0C
RATED_VOLTAGE, OD_CLAMP, A_CAL_COMP, A_CAL_BEMF, FEEDBACK, CONTROL1 = 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B
MODE_STANDBY, MODE_INTERNAL_TRIGGER, MODE_EXTERNAL_EDGE, FEEDBACK_LRA, BEMF_GAIN_MASK, LIBRARY_LRA = (
    0x40,
    0,
    1,
    0x80,
    0x03,
    6,
)
REGISTER_NAMES = {
    STATUS: "STATUS",
    MODE: "MODE",
    LIBRARY_SEL: "LIBRARY_SEL",
    GO: "GO",
    RATED_VOLTAGE: "RATED_VOLTAGE",
    OD_CLAMP: "OD_CLAMP",
    A_CAL_COMP: "A_CAL_COMP",
    A_CAL_BEMF: "A_CAL_BEMF",
    FEEDBACK: "FEEDBACK",
    CONTROL1: "CONTROL1",
}
# The registers forcepad sets up at start for rig-drv2605l.toml's LRA, from the datasheet's
# equations: RATED_VOLTAGE 2.0 V RMS at 175 Hz = 83 × 20.58 mV / √(1 − 1.5 ms × 175 Hz);
# OD_CLAMP 2.5 V = 117 × 21.32 mV; CONTROL1 STARTUP_BOOST with DRIVE_TIME 24 (0.5 ms + 24 ×
# 0.1 ms, half of 175 Hz's period); LRA library; edge trigger, out of standby.
DRV2605L_STARTED = {
    MODE: MODE_EXTERNAL_EDGE,
    LIBRARY_SEL: LIBRARY_LRA,
    RATED_VOLTAGE: 0x53,
    OD_CLAMP: 0x75,
    CONTROL1: 0x98,
}
# The stage effects in WAV_FRM_SEQ1… (rig/config/drv2605l.toml): peek "effect 24", pop
# "effect 1 then wait 50ms then effect 1" (a wait is bit 7 with 10 ms units); 0 ends a sequence.
PEEK_SLOTS, POP_SLOTS = [24, 0], [1, 0x85, 1, 0]
# What rig/guest/drv2605l's auto-calibration leaves in A_CAL_COMP, A_CAL_BEMF and BEMF_GAIN
# (the power-on values are 0x0C, 0x6C, 2).
CALIBRATION_RESULT = (0x0D, 0x78, 1)
# Where forcepad saves the calibration in its state dir, and the effect `haptic test effect` plays.
DRV2605L_CALIBRATION_FILE = "haptic-driver-rig-drv2605l.toml"
TEST_EFFECT = 47
# rig-nau7802: the ADS7830 board with a NAU7802 load cell at 0x2A, played by rig/guest/loadcell
# at 100 counts per gram (the board's scale) from a tare of LOADCELL_TARE_COUNTS.
NAU7802_BOARD = "/rig/boards/rig-nau7802.toml"
LOADCELL_SCALE, LOADCELL_TARE_COUNTS = 100, 4096
# How far reference_g may be from the force the load cell was given: the driver reads the
# counts exactly, so only the rounding of counts to grams remains.
LOADCELL_TOLERANCE_G = 0.5
# rig-adxl345: the ADS7830 board with an ADXL345 at 0x53 (range 4g, axis z), played by
# rig/guest/accelerometer: 1 g on z at rest, swinging between 1.5 g and 0.5 g while the haptic
# line is high.
ADXL345_BOARD = "/rig/boards/rig-adxl345.toml"
ADXL345_ADDRESS = 0x53
# The ADXL345 registers the check reads (ADXL345Registers in the sources) and DEVID's value.
DEVID, BW_RATE, POWER_CTL, DATA_FORMAT, FIFO_CTL = 0x00, 0x2C, 0x2D, 0x31, 0x38
ADXL345_ID, FIFO_MODE_MASK, FIFO_STREAM = 0xE5, 0xC0, 0x80
# What the datasheet asks forcepad to leave in them after start: 3200 Hz, FULL_RES with ±4 g
# (range code 1), the FIFO in stream mode, Measure.
ADXL345_STARTED = {BW_RATE: 0x0F, DATA_FORMAT: 0x09, POWER_CTL: 0x08}
# The ID the check gives the chip to make it another one (an ADXL346 reads 0xE6).
WRONG_ID = 0xE6
# The loop's limits while the accelerometer is read, judged against the same press without it
# in the same guest. Emulated wake-ups are noise: on a 2-core host with other builds running,
# the loop's lateness p99 (since its start) went from 4 to 19 ms and the periods it skipped in
# a press from 0 to 46 of 600 between runs, with the accelerometer or without it. So the
# limits catch a reader that stalls the loop, not a slower one (real timing is for `make
# bench`): lateness p99 within the larger of 4 periods and twice the p99 without it; skipped
# periods at most 10 % of the press's periods more than without it.
LATENESS_P99_MAX_PERIODS, LATENESS_P99_MAX_RATIO, MISSED_PERIODS_MAX_FRACTION = 4, 2, 0.10


class Machine:
    """What differs between the guest architectures: QEMU's machine and the two UARTs."""

    def __init__(
        self,
        qemu: str,
        machine_arguments: list[str],
        control_tty: str,
        control_serial: list[str],
        uart_tty: str,
        uart_serial: list[str],
    ) -> None:
        self.qemu, self.machine_arguments = qemu, machine_arguments
        # The kernel console and command shell: its tty and the QEMU option that makes it
        # from the chardev "control".
        self.control_tty, self.control_serial = control_tty, control_serial
        # The 8250 forcepad serves: its tty and the QEMU option that makes it from "uart".
        self.uart_tty, self.uart_serial = uart_tty, uart_serial


MACHINES = {
    # The PC's two legacy 8250 ports.
    "x86_64": Machine(
        "qemu-system-x86_64", [], "ttyS0", ["-serial", "chardev:control"], "ttyS1", ["-serial", "chardev:uart"]
    ),
    # -M virt has one UART, a PL011 (ttyAMA0); the 8250 is a PCI serial card (8250_pci, built
    # into Debian's arm64 kernel), the only 8250 there, so ttyS0. cortex-a53 is the core of
    # the Raspberry Pi 3 and Zero 2 W.
    "arm64": Machine(
        "qemu-system-aarch64",
        ["-M", "virt", "-cpu", "cortex-a53"],
        "ttyAMA0",
        ["-serial", "chardev:control"],
        "ttyS0",
        ["-device", "pci-serial,chardev=uart"],
    ),
}


class Forcepad:
    """One forcepad process in the guest, its shell served on the forcepad UART in JSON mode."""

    def __init__(
        self,
        guest: "Guest",
        binary: str,
        board: str,
        config: str | None = None,
        name: str = "fp",
        keep_state: bool = False,
    ) -> None:
        """keep_state: start with the state dir the last forcepad of this name left (else empty)."""
        self.guest, self.name = guest, name
        self.log = f"/tmp/{name}.out"
        arguments = forcepad_arguments(guest, binary, board, config, name)
        guest.uart.drain()
        fresh = "" if keep_state else f"rm -rf /tmp/{name}-state; "
        guest.shell.check(f"{fresh}spawn {name} {shlex.join(arguments)}")
        self.events: list[Message] = []
        # Lines read that are not JSON (prompts, echoes, log lines, damaged lines): for failures.
        self.skipped: list[str] = []
        # The shell answers once the controller runs: ask until it does. Answers to the helps
        # sent before that may still come; stop() reads them for up to 0.5 s, so that the next
        # forcepad does not take one for its own.
        self.unanswered_helps = 0
        deadline = time.monotonic() + 60
        while True:
            try:
                self.unanswered_helps += 1
                self.command("help", timeout=1)
                # Whatever came before the answer may be a previous forcepad's output, late
                # on a loaded host (a press.released of the last check): not this one's events.
                self.events = []
                break
            except CheckFailed:
                status, _ = guest.shell.run(f"kill -0 $(cat /tmp/{name}.pid)")
                if status != 0 or time.monotonic() > deadline:
                    raise CheckFailed(
                        f"forcepad did not answer on {guest.machine.uart_tty}; its stderr: {self.stderr()}"
                    ) from None

    def stderr(self) -> str:
        return self.guest.shell.run(f"cat {self.log}")[1].strip()[-600:]

    def _read(self, deadline: float) -> Message | None:
        """The next JSON object from the UART, or None at the deadline. Events are kept."""
        while True:
            line = self.guest.uart.next_line(deadline)
            if line is None:
                return None
            start = line.find("{")
            if start < 0:
                self.skipped.append(line)
                continue
            try:
                message: Message = json.loads(line[start:])
            except json.JSONDecodeError:
                self.skipped.append(line)
                continue
            if "event" in message:
                self.events.append(message)
            return message

    def command(self, text: str, timeout: float = 10) -> Message:
        """Sends a shell command over the UART; returns its JSON answer, the first whose `cmd`
        is the command's name (a late answer to an earlier command is passed over)."""
        self.guest.uart.send(text + "\r")
        deadline = time.monotonic() + timeout
        name = text.split()[0]
        while True:
            message = self._read(deadline)
            if message is None:
                raise CheckFailed(f"no answer to `{text}` over {self.guest.machine.uart_tty} within {timeout}s")
            if "ok" in message and message.get("cmd") == "help":
                self.unanswered_helps -= 1
            if "ok" in message and message.get("cmd") == name:
                require(message["ok"], f"`{text}` failed: {message.get('error')}")
                return message

    def forget_events(self, quiet: float = 0.3) -> None:
        """Reads what is still arriving for `quiet` seconds, then forgets every event so far."""
        deadline = time.monotonic() + quiet
        while self._read(deadline) is not None:
            pass
        self.events = []

    def wait_for_event(self, predicate: Callable[[Message], bool], timeout: float, what: str) -> Message:
        """The first event (kept or new) that satisfies predicate."""
        for event in self.events:
            if predicate(event):
                return event
        deadline = time.monotonic() + timeout
        while True:
            message = self._read(deadline)
            if message is None:
                seen = ", ".join(e["event"] for e in self.events[-12:]) or "none"
                raise CheckFailed(f"no {what} within {timeout}s (last events: {seen})")
            if "event" in message and predicate(message):
                return message

    def stop(self, signal: str = "TERM") -> int:
        """Signals the process and returns its exit status.

        In some boots forcepad was seen still there seconds after SIGTERM, its one thread in
        tty_wait_until_sent: closing its UART with output the emulated 8250 had not sent. So a
        forcepad still there 3 s after the signal gets one CR on the UART (a received byte makes
        the UART driver look at the port again) and the stall is printed as a NOTE; one still
        there 20 s after the signal fails the check, with where its threads wait."""
        shell, pid = self.guest.shell, f"$(cat /tmp/{self.name}.pid)"
        shell.check(f"kill -{signal} {pid}")
        running = f"test ! -e /tmp/{self.name}.exit"
        threads = (
            f"for t in /proc/{pid}/task/*; do echo \"$(cat $t/comm) $(cat $t/wchan) $(cut -d' ' -f3 $t/stat)\"; done"
        )
        deadline, kicked = time.monotonic() + 20, False
        while shell.run(running)[0] == 0:
            waited = 20 - (deadline - time.monotonic())
            if waited > 3 and not kicked:
                where = shell.run(threads)[1].strip().replace("\n", "; ")
                self.guest.notes.append(
                    f"{self.name}: still running 3 s after SIG{signal} ({where}); "
                    f"a CR on {self.guest.machine.uart_tty} let it finish"
                )
                self.guest.uart.send("\r")
                kicked = True
            if time.monotonic() > deadline:
                where = shell.run(threads)[1].strip().replace("\n", "; ")
                shell.run(f"kill -9 {pid}")
                raise CheckFailed(
                    f"forcepad did not exit within 20s of SIG{signal} ({where}); stderr: {self.stderr()[-300:]}"
                )
            time.sleep(0.3)
        output = shell.check(f"cat /tmp/{self.name}.exit").strip()
        require(output.isdigit(), f"could not stop forcepad: {output}")
        # Helps sent while it started (on a loaded host) whose answers are still on their way;
        # those sent before it opened the UART are never answered.
        late = time.monotonic() + 0.5
        while self.unanswered_helps > 0:
            message = self._read(late)
            if message is None:
                break
            if "ok" in message and message.get("cmd") == "help":
                self.unanswered_helps -= 1
        return int(output)


def forcepad_arguments(guest: "Guest", binary: str, board: str, config: str | None, name: str) -> list[str]:
    """The command line of a forcepad serving its shell on the forcepad UART in JSON mode,
    its state in /tmp/NAME-state."""
    arguments = [
        f"/opt/forcepad/bin/{binary}",
        "--board",
        board,
        "--serial",
        f"/dev/{guest.machine.uart_tty}",
        "--json",
        "--no-rt",
        "--state-dir",
        f"/tmp/{name}-state",
    ]
    if config:
        arguments += ["--config", config]
    return arguments


class Guest(QemuGuest):
    # The sysfs value file of the haptic line, once located (locate_haptic_line).
    value_file: str

    def __init__(self, args: argparse.Namespace, workdir: Path) -> None:
        self.workdir = workdir
        self.machine = MACHINES[args.arch]
        self.console_log = workdir / "console.log"
        # A short private directory: socket paths are limited to 107 bytes.
        self.socket_dir = Path(tempfile.mkdtemp(prefix="rig-"))
        self.qemu_log = workdir / "qemu.log"
        started = self.start_qemu(
            [
                args.qemu or self.machine.qemu,
                *self.machine.machine_arguments,
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
                # rig_control reaches /init as an environment variable.
                "-append",
                f"console={self.machine.control_tty} rig_control={self.machine.control_tty} "
                "rdinit=/init quiet loglevel=4 panic=-1 mitigations=off",
            ],
            self.machine.control_serial,
            self.machine.uart_serial,
        )
        try:
            self._wait_until_ready(args, started)
        except BaseException:
            self.qemu.kill()
            self.qemu.wait()
            shutil.rmtree(self.socket_dir, ignore_errors=True)
            raise

    def _wait_until_ready(self, args: argparse.Namespace, started: float) -> None:
        deadline = started + args.boot_timeout
        self.connect(deadline)
        # Nothing is sent to the guest before /init says it is ready. A UART driver starting
        # up drops what its receive FIFO holds (the first line arrived cut), and on -M virt's
        # PL011 input arriving meanwhile left the console reading nothing more in 1 of 3 runs
        # on a loaded host: most likely its receive interrupt cleared with the FIFO full, which
        # then never raises it again.
        if self.wait_for_line("rig-guest: ready", deadline) is None:
            raise CheckFailed(
                f"the guest did not say it was ready within {args.boot_timeout}s; console: {self.console()[-800:]}"
            )
        while True:
            self.require_running()
            try:
                self.shell.run("true", timeout=2)
                break
            except CheckFailed:
                if time.monotonic() > deadline:
                    raise CheckFailed(
                        f"the guest did not come up within {args.boot_timeout}s; console: {self.console()[-800:]}"
                    ) from None
        self.boot_seconds = time.monotonic() - started
        # What went wrong in the emulation and was worked around, printed after the checks.
        self.notes: list[str] = []

    def line_value(self) -> int:
        output = self.shell.check(f"cat {self.value_file}")
        return int(output.strip())

    def driver_registers(self) -> list[int]:
        """The DRV2605L's registers 0x00-0x1F in i2c-stub, read in one transfer each without
        side effects (i2c-stub's STATUS does not clear when read)."""
        dump = self.shell.check(f"i2cdump -y -r 0x00-0x1f 0 0x{DRV2605L_ADDRESS:02x} b")
        rows = dict(re.findall(r"^([0-9a-f]0):((?: [0-9a-fX]{2}){16})", dump, re.MULTILINE))
        require("00" in rows and "10" in rows, f"i2cdump of the DRV2605L printed no registers: {dump[-300:]}")
        return [int(value, 16) for value in (rows["00"] + rows["10"]).split()]

    def accelerometer_registers(self) -> list[int]:
        """The ADXL345's registers 0x00-0x3F in i2c-stub, one byte read each (i2c-stub pops no FIFO)."""
        dump = self.shell.check(f"i2cdump -y -r 0x00-0x3f 0 0x{ADXL345_ADDRESS:02x} b")
        rows = dict(re.findall(r"^([0-9a-f]0):((?: [0-9a-fX]{2}){16})", dump, re.MULTILINE))
        require(
            all(row in rows for row in ("00", "10", "20", "30")),
            f"i2cdump of the ADXL345 printed no registers: {dump[-300:]}",
        )
        return [int(value, 16) for value in (rows["00"] + rows["10"] + rows["20"] + rows["30"]).split()]

    def locate_haptic_line(self) -> None:
        """The sysfs value file of the gpio-sim line named HAPTIC_LINE."""
        self.value_file = self.sim_line_file(HAPTIC_LINE, "value")

    def sim_line_file(self, name: str, attribute: str) -> str:
        """The sysfs file `attribute` (value, pull) of the gpio-sim line called name."""
        output = self.shell.check(
            "for l in /sys/kernel/config/gpio-sim/*/bank*/line*; do "
            f'[ "$(cat $l/name)" = {name} ] && echo ${{l##*line}}; done; '
            "cat /sys/kernel/config/gpio-sim/*/dev_name /sys/kernel/config/gpio-sim/*/bank*/chip_name"
        )
        offset, device, chip = output.split()
        return f"/sys/devices/platform/{device}/{chip}/sim_gpio{offset}/{attribute}"

    def stop(self) -> None:
        self.power_off("poweroff -f")


class Checks(Tally):
    def __init__(self, guest: Guest, builds: list[str]) -> None:
        super().__init__()
        self.guest, self.builds = guest, builds

    def run(self, name: str, function: Callable[..., str], *arguments: str) -> None:
        passed, detail, seconds = self.attempt(function, *arguments)
        if passed:
            print(f"PASS {name} ({seconds:.1f}s){': ' + detail if detail else ''}", flush=True)
        else:
            print(f"FAIL {name} ({seconds:.1f}s): {detail}", flush=True)
            if self.guest.qemu.poll() is not None:
                raise GuestDied(
                    f"QEMU exited {self.guest.qemu.returncode}: "
                    f"{self.guest.qemu_log.read_text(errors='replace')[-500:]}"
                )
            # Leave no forcepad, player or watcher behind, and the pad unpressed, for the next check.
            self.cleanup()

    def cleanup(self) -> None:
        try:
            self.guest.shell.run(
                "for f in /tmp/*.pid; do [ -f $f ] && kill -9 $(cat $f) 2>/dev/null; rm -f $f; done; "
                f"killall -9 player {' '.join(self.builds)} 2>/dev/null; watcher stop 2>/dev/null; "
                f"echo 0 > {STUB_ABSENT}; "
                f"player {ADS7830_PROFILE} --frame 0 0 0 0; true"
            )
            self.guest.uart.drain(0.5)
        except CheckFailed as failure:
            raise GuestDied(f"the guest stopped answering ({failure})") from failure

    # --- the checks ---------------------------------------------------------------------

    def kernel_devices(self) -> str:
        shell = self.guest.shell
        modules = shell.check("cat /proc/modules | cut -d' ' -f1 | sort | tr '\\n' ' '")
        for module in ("configfs", "i2c_dev", "i2c_stub", "gpio_sim"):
            require(module in modules.split(), f"module {module} not loaded ({modules})")
        shell.check("test -c /dev/i2c-0 && ls /dev/gpiochip0")
        shell.check("i2cset -y 0 0x48 0x84 0x5a && test $(i2cget -y 0 0x48 0x84) = 0x5a && i2cset -y 0 0x48 0x84 0")
        shell.check("i2cset -y 0 0x2a 0x1f 0x0f && test $(i2cget -y 0 0x2a 0x1f) = 0x0f")
        shell.check(f"drv2605l {DRV2605L_PROFILE} --reset")
        registers = self.guest.driver_registers()
        require(
            (registers[STATUS], registers[MODE]) == (0xE0, MODE_STANDBY),
            f"the DRV2605L at 0x5A reads STATUS 0x{registers[STATUS]:02X}, MODE 0x{registers[MODE]:02X} after "
            "its reset, not 0xE0 (DEVICE_ID 7) and 0x40 (standby)",
        )
        devid = self.guest.accelerometer_registers()[DEVID]
        require(
            devid == ADXL345_ID, f"the ADXL345 at 0x53 reads DEVID 0x{devid:02X} after boot, not 0x{ADXL345_ID:02X}"
        )
        self.guest.locate_haptic_line()
        label = shell.check("cat /sys/kernel/config/gpio-sim/*/bank0/label").strip()
        require(label == "rig-gpio", f"the gpio-sim bank is labelled {label!r}, not rig-gpio")
        return f"i2c-stub at {STUB_CHIPS} on /dev/i2c-0, {HAPTIC_LINE} at {self.guest.value_file}"

    def uart_shell(self, binary: str) -> str:
        """The shell answers over the real 8250 UART from the host (sim board, no I/O)."""
        fp = Forcepad(self.guest, binary, "sim", name="uart")
        status = fp.command("status")
        require(status.get("board", {}).get("name") == "sim", f"status names board {status.get('board')}")
        self.guest.uart.send("mode human\r")
        self.guest.uart.drain(1.0)
        self.guest.uart.send("status\r")
        human: list[str] = []
        deadline = time.monotonic() + 15
        while not any("board" in line and "sim:" in line for line in human):
            line = self.guest.uart.next_line(deadline)
            if line is None:
                raise CheckFailed(f"human status over {self.guest.machine.uart_tty} lacks the board line: {human[:4]}")
            human.append(line)
        fp.command("mode json")
        code = fp.stop()
        require(code == 0, f"exit status {code} after SIGTERM")
        return f"status in JSON and human mode over {self.guest.machine.uart_tty}"

    def frames_ads7830(self, binary: str) -> str:
        """Register values written into i2c-stub show up as per-cell readings and grams."""
        fp = Forcepad(self.guest, binary, ADS7830_BOARD, PULSE_CONFIG, name="frames")
        grams = [0, 100, 50, 0]
        self.guest.shell.check(f"player {ADS7830_PROFILE} --frame {' '.join(map(str, grams))}")
        expected = [ADS7830_COUNTS[g] for g in grams]
        force = self._settled_force(fp, expected)
        cells = force["cells_g"]
        require(
            all(abs(c - g) <= 3 for c, g in zip(cells, grams, strict=False)), f"cells_g {cells}, expected about {grams}"
        )
        self.guest.shell.check(f"player {ADS7830_PROFILE} --frame 0 0 0 0")
        self._settled_force(fp, [0, 0, 0, 0])
        code = fp.stop()
        require(code == 0, f"exit status {code} after SIGTERM")
        return f"readings {expected} → cells_g {cells}"

    def frames_mux256(self, binary: str) -> str:
        """256 cells through a TCA9548A: every ADS7830 register the matrix reads holds 100 g's
        counts, every cell reads them through the real i2c-dev, and once forcepad stops the
        switch's register pointer (the last control byte written) is channel 7's, the last
        channel a frame selects."""
        shell = self.guest.shell
        commands = [0x84 | (i & 1) << 6 | (i >> 2 & 1) << 5 | (i >> 1 & 1) << 4 for i in range(8)]
        counts = ADS7830_COUNTS[100]

        def fill(value: int) -> None:
            writes = [f"i2cset -y 0 0x{a:02x} 0x{c:02x} {value}" for a in MUX_CONVERTERS for c in commands]
            shell.check(" && ".join(writes))

        fill(counts)
        # Register k of the switch holds k, so reading at its pointer gives the last control byte.
        shell.check(" && ".join(f"i2cset -y 0 0x{MUX_ADDRESS:02x} 0x{1 << k:02x} 0x{1 << k:02x}" for k in range(8)))
        fp = Forcepad(self.guest, binary, MUX_BOARD, PULSE_CONFIG, name="mux256")
        try:
            force = self._settled_force(fp, [counts] * 256, timeout=30)
            cells = force["cells_g"]
            require(len(cells) == 256, f"{len(cells)} cells, expected 256")
            require(all(abs(c - 100) <= 3 for c in cells), f"cells_g {sorted(set(cells))}, expected about 100 g each")
            status = fp.command("status")
            shape = (status.get("board", {}).get("cells"), status.get("rate_hz"))
            require(shape == (256, 40), f"status says {shape[0]} cells at {shape[1]} Hz, expected 256 at 40")
            code = fp.stop()
            require(code == 0, f"exit status {code} after SIGTERM")
            pointer = shell.check(f"i2cget -y 0 0x{MUX_ADDRESS:02x}").strip()
            require(pointer == "0x80", f"the switch's last control byte reads {pointer}, not 0x80 (channel 7)")
        finally:
            fill(0)
        return f"256 cells of {counts} counts → {min(cells)} to {max(cells)} g on 8 channels; last selected {pointer}"

    def frames_ads1115(self, binary: str) -> str:
        """The ADS1115 path: single-shot conversions read back from the conversion register."""
        fp = Forcepad(self.guest, binary, ADS1115_BOARD, PULSE_CONFIG, name="ads1115")
        self.guest.shell.check(f"player {ADS1115_PROFILE} --frame 100")
        force = self._settled_force(fp, [ADS1115_COUNTS_100G] * 4)
        cells = force["cells_g"]
        require(all(abs(c - 100) <= 1 for c in cells), f"cells_g {cells}, expected 100 g each")
        self.guest.shell.check(f"player {ADS1115_PROFILE} --frame 0")
        code = fp.stop()
        require(code == 0, f"exit status {code} after SIGTERM")
        return f"readings {force['readings']} → cells_g {cells}"

    def _settled_force(self, fp: Forcepad, readings: list[int], timeout: float = 15) -> Message:
        deadline = time.monotonic() + timeout
        while True:
            force = fp.command("force")
            if force.get("readings") == readings:
                # The filter needs a few frames after the readings change.
                time.sleep(0.5)
                return fp.command("force")
            if time.monotonic() > deadline:
                raise CheckFailed(f"readings {force.get('readings')}, expected {readings}")
            time.sleep(0.3)

    def press_haptics(self, binary: str) -> str:
        """A press played into the ADC gives peek and pop, and the line carries their patterns."""
        guest = self.guest
        fp = Forcepad(guest, binary, ADS7830_BOARD, PULSE_CONFIG, name="press")
        released, log = self._press_on_the_line(fp, ADS7830_PROFILE)
        code = fp.stop()

        names = [e["event"] for e in fp.events if e["event"].startswith("press.") and e["event"] != "press.progress"]
        require(
            names == ["press.began", "press.peek", "press.pop", "press.released"],
            f"press events {names} of {len(fp.events)} events; lines not JSON: {fp.skipped[-6:]}; "
            f"first events: {[e['event'] for e in fp.events[:6]]}; stderr: {fp.stderr()}",
        )
        require(released.get("stage") == "pop", f"released at stage {released.get('stage')}")
        began = next(e for e in fp.events if e["event"] == "press.began")
        require(
            abs(began.get("x", -1) - 0.375) < 0.01,
            f"press centroid x {began.get('x')}, the trace presses cell 1 (0.375)",
        )
        stage_times = {e["event"]: e["t_us"] for e in fp.events if e["event"] in ("press.peek", "press.pop")}
        # One haptic.on per on step: peek's pattern has one, pop's two.
        haptic_on = [(e["pattern"], e["t_us"]) for e in fp.events if e["event"] == "haptic.on"]
        require([p for p, _ in haptic_on] == ["peek", "pop", "pop"], f"haptic.on events {haptic_on}")
        require(
            haptic_on[0][1] == stage_times["press.peek"] and haptic_on[1][1] == stage_times["press.pop"],
            f"haptic.on {haptic_on} not in the ticks of peek/pop {stage_times}",
        )

        pulses = line_pulses(log)
        if pulses is None:
            raise CheckFailed(f"the watcher's log does not start low: {log!r}")
        # peek = "on 80ms"; pop = "on 80ms off 80ms on 80ms" (rig/config/pulse.toml).
        require(len(pulses) == 3, f"{len(pulses)} pulses on the line, expected 3 (peek 1, pop 2): {pulses}")
        widths = [round((end - start) * 1000) for start, end in pulses]
        require(all(20 <= w <= 400 for w in widths), f"pulse widths {widths} ms, configured 80 ms")
        pop_gap = round((pulses[2][0] - pulses[1][1]) * 1000)
        require(20 <= pop_gap <= 300, f"gap inside the pop pattern {pop_gap} ms, configured 80 ms")
        line_interval = pulses[1][0] - pulses[0][0]
        event_interval = (stage_times["press.pop"] - stage_times["press.peek"]) / 1e6
        require(
            abs(line_interval - event_interval) <= 0.25,
            f"peek→pop is {line_interval:.2f}s on the line but {event_interval:.2f}s in the events",
        )
        require(code == 0, f"exit status {code} after SIGTERM")
        return (
            f"pulses {widths} ms, pop gap {pop_gap} ms, peek→pop {line_interval:.2f}s on the line "
            f"vs {event_interval:.2f}s in events"
        )

    def _press_on_the_line(self, fp: Forcepad, profile: str) -> tuple[Message, str]:
        """Plays rig/traces/peek-then-pop.csv with the watcher recording the haptic line; returns
        the press's last event (press.released or press.cancelled) and the watcher's log."""
        guest = self.guest
        self._start_watcher(fp)
        guest.shell.check(f"spawn player player {profile} /rig/traces/peek-then-pop.csv")
        released = fp.wait_for_event(
            lambda e: e["event"] in ("press.released", "press.cancelled"), 60, "press.released"
        )
        guest.shell.run("i=0; while [ ! -e /tmp/player.exit ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done")
        return released, self._stop_watcher()

    def _start_watcher(self, fp: Forcepad) -> None:
        """Starts rig/guest/watcher recording the haptic line (low) and forgets the events so
        far; a press started after it returns is recorded whole."""
        guest = self.guest
        require(guest.line_value() == 0, "the haptic line is high before any press")
        guest.shell.check(f"watcher start {HAPTIC_LINE} {guest.value_file} /tmp/haptic.log")
        fp.forget_events()

    def _stop_watcher(self) -> str:
        """Stops the watcher half a second after the last event and returns its log."""
        time.sleep(0.5)
        return self.guest.shell.check("watcher stop && cat /tmp/haptic.log")

    def sensor_lost(self, binary: str) -> str:
        """The ADC stops answering mid-press (i2c-stub's `absent`): sensor.lost with the line
        off; then i2c-stub is unloaded and loaded again with the registers rewritten:
        sensor.restored."""
        guest = self.guest
        fp = Forcepad(guest, binary, ADS7830_BOARD, LEVEL_CONFIG, name="fault")
        guest.shell.check(f"player {ADS7830_PROFILE} --frame 0 200 0 0")
        fp.wait_for_event(lambda e: e["event"] == "press.peek", 20, "press.peek")
        fp.wait_for_event(lambda e: e["event"] == "haptic.on", 5, "haptic.on")
        time.sleep(0.3)
        require(guest.line_value() == 1, "the line is not held high at peek in trigger-level mode")
        guest.shell.check(f"echo 1 > {STUB_ABSENT}")
        lost = fp.wait_for_event(lambda e: e["event"] == "sensor.lost", 20, "sensor.lost")
        require(guest.line_value() == 0, "the haptic line is still high after sensor.lost")
        cancelled = fp.wait_for_event(
            lambda e: e["event"] in ("press.cancelled", "press.released"), 5, "press.cancelled"
        )
        require(
            cancelled.get("reason") == "sensor-lost", f"the press ended with {cancelled}, not cancelled for sensor-lost"
        )
        # While lost, forcepad holds the bus only during its attempts, so the module can go:
        # the bus vanishes, comes back empty, and the registers are written again.
        guest.shell.check(
            "i=0; while ! rmmod i2c_stub 2> /dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done; "
            "test ! -e /sys/module/i2c_stub"
        )
        time.sleep(0.5)
        guest.shell.check(
            f"insmod /lib/modules/$(uname -r)/i2c-stub.ko chip_addr={STUB_CHIPS} && "
            f"player {ADS7830_PROFILE} --frame 0 0 0 0"
        )
        fp.wait_for_event(lambda e: e["event"] == "sensor.restored", 20, "sensor.restored")
        self._settled_force(fp, [0, 0, 0, 0])
        code = fp.stop()
        require(code == 0, f"exit status {code} after SIGTERM")
        return f"sensor.lost ({lost.get('error')}), line 0, rmmod and insmod i2c-stub, sensor.restored, frames again"

    def feedback_edges(self, binary: str) -> str:
        """[feedback]: edges driven on the input (through gpio-sim's pull, standing in for the
        loopback wire) come out as haptic.edge, the one after a stage's haptic.on with its
        latency; the haptic line is found by chip label and offset."""
        guest = self.guest
        pull = guest.sim_line_file(FEEDBACK_LINE, "pull")
        # Low before forcepad starts, whatever an earlier (failed) check left.
        guest.shell.check(f"echo pull-down > {pull}")
        fp = Forcepad(guest, binary, FEEDBACK_BOARD, PULSE_CONFIG, name="feedback")
        line = fp.command("status").get("board", {}).get("haptic_line")
        require(line == "rig-gpio:18 (GPIO18)", f"status shows the haptic line as {line!r}")

        guest.shell.check(f"echo pull-up > {pull}")
        rising = fp.wait_for_event(lambda e: e["event"] == "haptic.edge", 10, "haptic.edge (rising)")
        require(
            rising.get("level") == 1 and "stage_to_edge_us" not in rising and rising["t_us"] == rising["edge_us"],
            f"an edge of no stage came out as {rising}",
        )
        guest.shell.check(f"echo pull-down > {pull}")
        falling = fp.wait_for_event(
            lambda e: e["event"] == "haptic.edge" and e.get("level") == 0, 10, "haptic.edge (falling)"
        )
        require(falling.get("level") == 0 and falling["edge_us"] > rising["edge_us"], f"falling edge {falling}")

        guest.shell.check(f"player {ADS7830_PROFILE} --frame 0 200 0 0")
        peek = fp.wait_for_event(lambda e: e["event"] == "haptic.on", 20, "haptic.on for peek")
        guest.shell.check(f"echo pull-up > {pull}")
        stage_edge = fp.wait_for_event(
            lambda e: e["event"] == "haptic.edge" and "stage_to_edge_us" in e, 10, "haptic.edge with stage_to_edge_us"
        )
        require(
            stage_edge["t_us"] == peek["t_us"]
            and stage_edge["level"] == 1
            and stage_edge["stage_to_edge_us"] == stage_edge["edge_us"] - peek["t_us"] >= 0,
            f"stage edge {stage_edge} does not match haptic.on {peek}",
        )
        guest.shell.check(f"echo pull-down > {pull}; player {ADS7830_PROFILE} --frame 0 0 0 0")
        fp.wait_for_event(lambda e: e["event"] in ("press.released", "press.cancelled"), 20, "press.released")

        stats = fp.command("haptic stats").get("feedback", {})
        require(stats.get("line") == f"rig-gpio:23 ({FEEDBACK_LINE})", f"feedback line {stats.get('line')!r}")
        require((stats.get("rising_edges"), stats.get("falling_edges")) == (2, 2), f"edge counts in {stats}")
        require(
            stats.get("stage_to_edge_us", {}).get("samples") == 1,
            f"stage→edge histogram {stats.get('stage_to_edge_us')}",
        )
        code = fp.stop()
        require(code == 0, f"exit status {code} after SIGTERM")
        return f"rising, falling, peek edge {stage_edge['stage_to_edge_us']}us after its frame; haptic by rig-gpio:18"

    def nau7802_reference(self, binary: str) -> str:
        """A NAU7802 load cell in i2c-stub beside the ADC (rig/guest/loadcell plays the chip):
        forcepad powers it up (PUR), calibrates it (CALS), tares it at start and reads its
        conversions (CR, ADCO) on the reader thread; at rest reference_g is 0 despite the
        chip's offset, and the peek of a 200 g press carries reference_g = 200 g."""
        guest = self.guest
        guest.shell.check(f"loadcell reset {LOADCELL_SCALE} {LOADCELL_TARE_COUNTS} && spawn loadcell loadcell serve")
        fp = Forcepad(guest, binary, NAU7802_BOARD, PULSE_CONFIG, name="nau7802")
        control = int(guest.shell.check("i2cget -y 0 0x2a 0x00").strip(), 16)
        # PUR is the chip's own status bit: i2c-stub keeps the driver's last write, which lacks it.
        require(control & 0x96 == 0x96, f"PU_CTRL {control:#04x} after start: expected AVDDS, CS, PUA and PUD set")
        at_rest = self._reference_force(fp, 0)
        guest.shell.check("loadcell press 200")
        self._reference_force(fp, 200)
        fp.forget_events()
        guest.shell.check(f"player {ADS7830_PROFILE} --frame 0 200 0 0")
        peek = fp.wait_for_event(lambda e: e["event"] == "press.peek", 20, "press.peek")
        guest.shell.check(f"loadcell press 0 && player {ADS7830_PROFILE} --frame 0 0 0 0")
        fp.wait_for_event(lambda e: e["event"] in ("press.released", "press.cancelled"), 20, "press.released")
        lost = [e for e in fp.events if e["event"] == "reference.lost"]
        code = fp.stop()
        guest.shell.run("kill $(cat /tmp/loadcell.pid); rm -f /tmp/loadcell.pid")
        reference = peek.get("reference_g")
        require(
            reference is not None and abs(reference - 200) <= LOADCELL_TOLERANCE_G,
            f"press.peek carries reference_g {reference}, the load cell was given 200 g: {peek}",
        )
        require(not lost, f"the load cell was reported lost: {lost}")
        require(code == 0, f"exit status {code} after SIGTERM")
        return f"reference_g {at_rest} at rest (tare {LOADCELL_TARE_COUNTS} counts), {reference} at peek for 200 g"

    def _reference_force(self, fp: Forcepad, grams: float, timeout: float = 20) -> float:
        """reference_g of `force` once it is within the tolerance of grams."""
        deadline = time.monotonic() + timeout
        while True:
            reference: float | None = fp.command("force").get("reference_g")
            if reference is not None and abs(reference - grams) <= LOADCELL_TOLERANCE_G:
                return reference
            if time.monotonic() > deadline:
                raise CheckFailed(
                    f"force shows reference_g {reference}, the load cell was given {grams} g; "
                    f"loadcell: {self.guest.shell.run('cat /tmp/loadcell.out')[1][-300:]}"
                )
            time.sleep(0.3)

    def adxl345_accelerometer(self, binary: str) -> str:
        """An ADXL345 in i2c-stub beside the ADC (rig/guest/accelerometer plays the chip, shaken
        while the haptic line is high): forcepad checks its ID and sets it up as the datasheet
        asks (BW_RATE, DATA_FORMAT, FIFO_CTL stream, then POWER_CTL Measure), reads its FIFO on
        a thread of its own while the loop keeps its periods through a press, and measures
        peek's click (haptic.felt). Given another ID, forcepad does not start: one line names
        the bus, the address, the ID read and the fix."""
        guest = self.guest
        guest.shell.check(f"accelerometer reset && spawn accelerometer accelerometer serve {guest.value_file}")
        fp = Forcepad(guest, binary, ADXL345_BOARD, PULSE_CONFIG, name="adxl345")
        registers = guest.accelerometer_registers()
        wrong = [
            f"0x{register:02X} reads 0x{registers[register]:02X} (expected 0x{value:02X})"
            for register, value in ADXL345_STARTED.items()
            if registers[register] != value
        ]
        if registers[FIFO_CTL] & FIFO_MODE_MASK != FIFO_STREAM:
            wrong.append(f"FIFO_CTL 0x{registers[FIFO_CTL]:02X} is not in stream mode (bits 7-6 = 10)")
        require(not wrong, f"ADXL345 registers after start: {', '.join(wrong)}")

        released, loop = self._press_with_loop_figures(fp)
        felt = fp.wait_for_event(
            lambda e: e["event"] == "haptic.felt" and e.get("stage") == "peek", 10, "haptic.felt for peek"
        )
        lost = [e for e in fp.events if e["event"] == "accelerometer.lost"]
        code = fp.stop()
        require(released["event"] == "press.released", f"the press ended with {released}")
        require(not lost, f"the accelerometer was reported lost: {lost}")
        require(code == 0, f"exit status {code} after SIGTERM")
        if felt.get("felt"):
            peak = float(felt.get("peak_g", 0))
            # The stand-in swings 0.5 g either side of its rest; the envelope is the largest deviation.
            require(0.1 <= peak <= 0.6, f"peek's click felt with peak {peak} g, the stand-in swings 0.5 g: {felt}")
            felt_text = f"peek felt: peak {peak} g, onset {felt.get('onset_latency_us')} us after the stage"
        else:
            require(bool(felt.get("error")), f"haptic.felt for peek not felt and without its error: {felt}")
            felt_text = f"peek not felt: {felt['error']}"

        # The same press on the same board without the accelerometer, the stand-in still
        # playing: the loop's own figures in this guest, to judge the ones above against.
        plain = Forcepad(guest, binary, ADS7830_BOARD, PULSE_CONFIG, name="adxl345-none")
        _, baseline = self._press_with_loop_figures(plain)
        code = plain.stop()
        guest.shell.run("kill $(cat /tmp/accelerometer.pid); rm -f /tmp/accelerometer.pid")
        require(code == 0, f"exit status {code} after SIGTERM")
        lateness = (
            f"loop with it: p99 {loop['p99']} us, max {loop['max']} us, {loop['missed']} of {loop['periods']} periods "
            f"skipped; without: p99 {baseline['p99']} us, max {baseline['max']} us, {baseline['missed']} of "
            f"{baseline['periods']} skipped"
        )
        require(loop["periods"] > 0, f"the loop ran no period during the press: {lateness}")
        p99_limit = max(LATENESS_P99_MAX_PERIODS * loop["period"], LATENESS_P99_MAX_RATIO * baseline["p99"])
        require(
            loop["p99"] <= p99_limit,
            f"the loop's lateness p99 with the accelerometer read is above {p99_limit} us: {lateness}",
        )
        missed_limit = baseline["missed"] + MISSED_PERIODS_MAX_FRACTION * loop["periods"]
        require(
            loop["missed"] <= missed_limit,
            f"the loop skipped more than {missed_limit:.0f} periods with the accelerometer read: {lateness}",
        )

        guest.shell.check(f"accelerometer reset && accelerometer id 0x{WRONG_ID:02x}")
        arguments = forcepad_arguments(guest, binary, ADXL345_BOARD, PULSE_CONFIG, "adxl345-id")
        guest.shell.check(
            f"rm -rf /tmp/adxl345-id-state; spawn adxl345-id {shlex.join(arguments)}; "
            "i=0; while [ ! -e /tmp/adxl345-id.exit ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done; "
            "test -e /tmp/adxl345-id.exit",
            timeout=40,
        )
        status = int(guest.shell.check("cat /tmp/adxl345-id.exit").strip())
        output = guest.shell.check("cat /tmp/adxl345-id.out")
        guest.shell.check("accelerometer reset")
        lines = [line for line in output.splitlines() if line.strip()]
        require(status != 0, f"forcepad started (exit status {status}) with DEVID 0x{WRONG_ID:02X}: {output[-300:]!r}")
        require(
            len(lines) == 1
            and "answers with ID" in lines[0]
            and "/dev/i2c-0" in lines[0]
            and f"0x{ADXL345_ADDRESS:02x}" in lines[0]
            and f"0x{WRONG_ID:02x}" in lines[0]
            and "[accelerometer]" in lines[0],
            f"with DEVID 0x{WRONG_ID:02X} the start should fail in one line naming /dev/i2c-0, 0x53, the ID and "
            f"the fix; exit status {status}, output: {output[-400:]!r}",
        )
        return (
            f"BW_RATE 0x0F, DATA_FORMAT 0x09, FIFO_CTL 0x{registers[FIFO_CTL]:02X}, POWER_CTL 0x08; {felt_text}; "
            f"{lateness}; DEVID 0x{WRONG_ID:02X}: exit {status}, {lines[0].strip()!r}"
        )

    def _press_with_loop_figures(self, fp: Forcepad) -> tuple[Message, dict[str, int]]:
        """Plays rig/traces/peek-then-pop.csv; returns the press's last event and the loop's
        figures from `status`: the periods run and skipped during the press, the lateness p99
        and maximum since start (µs) and the period (µs)."""
        before = fp.command("status")["counters"]
        fp.forget_events()
        self.guest.shell.check(f"spawn player player {ADS7830_PROFILE} /rig/traces/peek-then-pop.csv")
        released = fp.wait_for_event(
            lambda e: e["event"] in ("press.released", "press.cancelled"), 60, "press.released"
        )
        self.guest.shell.run("i=0; while [ ! -e /tmp/player.exit ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done")
        after = fp.command("status")
        counters, lateness = after["counters"], after["lateness"]
        require(lateness["p99_us"] is not None, f"status shows no lateness after a press: {lateness}")
        return released, {
            "periods": counters["periods"] - before["periods"],
            "missed": counters["missed_periods"] - before["missed_periods"],
            "p99": lateness["p99_us"],
            "max": lateness["max_us"],
            "period": 1_000_000 // after["rate_hz"],
        }

    def sigterm_line_low(self, binary: str) -> str:
        """SIGTERM while the line is high: forcepad drives it low and exits 0."""
        guest = self.guest
        fp = Forcepad(guest, binary, ADS7830_BOARD, PULSE_CONFIG, name="sigterm")
        self._line_high(fp)
        code = fp.stop("TERM")
        value = guest.line_value()
        require(code == 0, f"exit status {code} after SIGTERM")
        require(value == 0, "the line is left high after SIGTERM")
        return "line 1 → SIGTERM → exit 0, line 0"

    def sigsegv_line_low(self, binary: str) -> str:
        """A fault while the line is high (SIGSEGV, sent with kill, runs the same handler): the
        handler drives the line low, then the process dies of the signal. Without it the line
        would stay high, as the SIGKILL control shows."""
        guest = self.guest
        fp = Forcepad(guest, binary, ADS7830_BOARD, PULSE_CONFIG, name="sigsegv")
        self._line_high(fp)
        code = fp.stop("SEGV")
        value = guest.line_value()
        require(code == 128 + 11, f"exit status {code} after SIGSEGV, expected 139 (the process killed by the signal)")
        require(value == 0, "the line is left high after SIGSEGV")
        return "line 1 → SIGSEGV → killed by it (139), line 0"

    def sigkill_control(self, binary: str) -> str:
        """The rig itself: after SIGKILL the line keeps its last value, so the SIGTERM check can fail."""
        guest = self.guest
        fp = Forcepad(guest, binary, ADS7830_BOARD, PULSE_CONFIG, name="sigkill")
        self._line_high(fp)
        fp.stop("KILL")
        value = guest.line_value()
        require(value == 1, "gpio-sim reset the line when SIGKILL released it; the SIGTERM check proves nothing")
        return "line stays 1 after SIGKILL"

    def drv2605l_press(self, binary: str) -> str:
        """A board with a DRV2605L (rig-drv2605l.toml): at start forcepad has set the chip up
        for its LRA, out of standby in edge-trigger mode, with the stage effects in the
        sequencer; a press gives the trigger line an edge at peek and at pop, as far apart as
        the events; `haptic off` puts the chip in standby."""
        guest = self.guest
        guest.shell.check(f"drv2605l {DRV2605L_PROFILE} --reset")
        fp = Forcepad(guest, binary, DRV2605L_BOARD, DRV2605L_CONFIG, name="driver")
        registers = guest.driver_registers()
        require_registers(registers, DRV2605L_STARTED, "after start")
        require(
            registers[FEEDBACK] & FEEDBACK_LRA,
            f"FEEDBACK 0x{registers[FEEDBACK]:02X} after start: N_ERM_LRA is not set for the LRA",
        )
        slots = registers[WAV_FRM_SEQ1 : WAV_FRM_SEQ1 + 8]
        require(
            slots[: len(PEEK_SLOTS)] == PEEK_SLOTS, f"WAV_FRM_SEQ1… {slots} after start, expected peek's {PEEK_SLOTS}"
        )

        released, log = self._press_on_the_line(fp, DRV2605L_PROFILE)
        stages = {e["event"]: e["t_us"] for e in fp.events if e["event"] in ("press.peek", "press.pop")}
        require(
            set(stages) == {"press.peek", "press.pop"} and released["event"] == "press.released",
            f"press events {[e['event'] for e in fp.events if e['event'].startswith('press.')]}",
        )
        pulses = line_pulses(log)
        if pulses is None:
            raise CheckFailed(f"the watcher's log does not start low: {log!r}")
        # One edge per stage: the chip plays the whole sequence, waits included, from it.
        require(len(pulses) == 2, f"{len(pulses)} pulses on the trigger line, expected 2 (peek, pop): {pulses}")
        widths = [round((end - start) * 1000) for start, end in pulses]
        require(all(w <= 300 for w in widths), f"trigger pulses {widths} ms wide, configured 30 ms")
        line_interval = pulses[1][0] - pulses[0][0]
        event_interval = (stages["press.pop"] - stages["press.peek"]) / 1e6
        require(
            abs(line_interval - event_interval) <= 0.25,
            f"peek→pop is {line_interval:.2f}s on the trigger line but {event_interval:.2f}s in the events",
        )
        # Pop's sequence went in after peek; once the press is over peek's is back for the next.
        slots = guest.driver_registers()[WAV_FRM_SEQ1 : WAV_FRM_SEQ1 + 8]
        require(
            slots[: len(PEEK_SLOTS)] == PEEK_SLOTS,
            f"WAV_FRM_SEQ1… {slots} after the press, expected peek's {PEEK_SLOTS} back",
        )

        fp.command("haptic off")
        mode = guest.driver_registers()[MODE]
        require(mode & MODE_STANDBY, f"MODE 0x{mode:02X} after `haptic off`: the standby bit is not set")
        code = fp.stop()
        require(code == 0, f"exit status {code} after SIGTERM")
        return (
            f"registers set up, peek's sequence loaded; edges {widths} ms at peek and pop "
            f"{line_interval:.2f}s apart (events {event_interval:.2f}s); peek's back after; standby after haptic off"
        )

    def drv2605l_calibrate(self, binary: str) -> str:
        """`haptic calibrate` runs the auto-calibration (rig/guest/drv2605l answers it), shows
        and saves its results; `haptic test effect N` plays N by GO and puts the stages' set-up
        back; SIGTERM leaves the chip in standby; after the chip is reset, the next start writes
        the saved results back."""
        guest = self.guest
        guest.shell.check(
            f"drv2605l {DRV2605L_PROFILE} --reset && spawn drv2605l drv2605l {DRV2605L_PROFILE} /tmp/drv2605l.log"
        )
        fp = Forcepad(guest, binary, DRV2605L_BOARD, DRV2605L_CONFIG, name="calibrate")
        answer = fp.command("haptic calibrate", timeout=20)
        self._wait_for_driver_log("calibrated")
        registers = guest.driver_registers()
        result = (registers[A_CAL_COMP], registers[A_CAL_BEMF], registers[FEEDBACK] & BEMF_GAIN_MASK)
        require(
            result == CALIBRATION_RESULT,
            f"A_CAL_COMP, A_CAL_BEMF, BEMF_GAIN {result} after the calibration, the chip set {CALIBRATION_RESULT}",
        )
        shown = calibration_shown(answer)
        require(
            shown == CALIBRATION_RESULT,
            f"`haptic calibrate` shows {shown} from {answer}, the chip set {CALIBRATION_RESULT}",
        )
        require(
            registers[MODE] == MODE_EXTERNAL_EDGE,
            f"MODE 0x{registers[MODE]:02X} after the calibration, not back in edge trigger",
        )
        saved_text = guest.shell.check(f"cat /tmp/calibrate-state/{DRV2605L_CALIBRATION_FILE}")
        try:
            saved = tomllib.loads(saved_text)
        except tomllib.TOMLDecodeError as error:
            raise CheckFailed(
                f"the saved calibration {DRV2605L_CALIBRATION_FILE} is not TOML ({error}): {saved_text[-300:]!r}"
            ) from error
        saved_result = (saved.get("compensation"), saved.get("back_emf"), saved.get("back_emf_gain"))
        require(
            saved_result == CALIBRATION_RESULT,
            f"{DRV2605L_CALIBRATION_FILE} saved {saved_result}, the chip set {CALIBRATION_RESULT}",
        )

        # An effect test plays over I2C (internal trigger and GO), then puts the stages' set-up back.
        fp.command(f"haptic test effect {TEST_EFFECT}", timeout=20)
        played = self._wait_for_driver_log(" go ")
        require(
            played.split()[2:5] == ["0x00", f"0x{TEST_EFFECT:02x}", "0x00"],
            f"`haptic test effect {TEST_EFFECT}` played {played.split()[2:]} (MODE, WAV_FRM_SEQ1…), "
            f"expected MODE 0 with effect {TEST_EFFECT} alone",
        )
        registers = guest.driver_registers()
        require(
            registers[MODE] == MODE_EXTERNAL_EDGE
            and registers[WAV_FRM_SEQ1 : WAV_FRM_SEQ1 + len(PEEK_SLOTS)] == PEEK_SLOTS,
            f"after the effect test MODE 0x{registers[MODE]:02X}, "
            f"WAV_FRM_SEQ1… {registers[WAV_FRM_SEQ1 : WAV_FRM_SEQ1 + 8]}: "
            f"the edge trigger and peek's {PEEK_SLOTS} are not back",
        )
        code = fp.stop()
        require(code == 0, f"exit status {code} after SIGTERM")
        mode = guest.driver_registers()[MODE]
        require(mode & MODE_STANDBY, f"MODE 0x{mode:02X} after SIGTERM: the standby bit is not set")

        guest.shell.check(f"kill $(cat /tmp/drv2605l.pid); rm /tmp/drv2605l.pid; drv2605l {DRV2605L_PROFILE} --reset")
        fp = Forcepad(guest, binary, DRV2605L_BOARD, DRV2605L_CONFIG, name="calibrate", keep_state=True)
        registers = guest.driver_registers()
        restored = (registers[A_CAL_COMP], registers[A_CAL_BEMF], registers[FEEDBACK] & BEMF_GAIN_MASK)
        require(
            restored == CALIBRATION_RESULT,
            f"A_CAL_COMP, A_CAL_BEMF, BEMF_GAIN {restored} after a restart, the saved calibration is "
            f"{CALIBRATION_RESULT}",
        )
        require_registers(registers, DRV2605L_STARTED, "after a restart with a saved calibration")
        code = fp.stop()
        require(code == 0, f"exit status {code} after SIGTERM")
        return (
            f"results {[f'0x{v:02X}' for v in result]} shown, saved, written back after a restart; effect "
            f"{TEST_EFFECT} played by GO; standby after SIGTERM"
        )

    def drv2605l_i2c_trigger(self, binary: str) -> str:
        """trigger = "i2c", for a board without the IN/TRIG wire: each stage's sequence is
        started by GO over I2C (rig/guest/drv2605l logs what it played: peek's, then pop's),
        and the haptic line still marks each stage with one pulse (a scope reference for the
        GO's extra latency).

        The press goes on to pop only once the stand-in has logged peek's GO and pop's
        sequence is in the slots: under emulation and load the stand-in takes far longer than
        a chip to notice a GO, and a pop written while it still saw peek's would merge into
        one playback. The race this check guards lies elsewhere and is not narrowed by the
        wait: the loop pushes peek's event before it writes peek's GO in the same period, and
        a pump that loaded pop's sequence in that window would make the first GO play pop's."""
        guest = self.guest
        guest.shell.check(
            f"sed 's/^trigger = .*/trigger = \"i2c\"/' {DRV2605L_BOARD} > {DRV2605L_I2C_BOARD} && "
            f"grep -q '^trigger = \"i2c\"$' {DRV2605L_I2C_BOARD} && drv2605l {DRV2605L_PROFILE} --reset && "
            f"spawn drv2605l drv2605l {DRV2605L_PROFILE} /tmp/drv2605l.log"
        )
        fp = Forcepad(guest, binary, DRV2605L_I2C_BOARD, DRV2605L_CONFIG, name="i2c-trigger")
        mode = guest.driver_registers()[MODE]
        require(
            mode == MODE_INTERNAL_TRIGGER,
            f"MODE 0x{mode:02X} after start, expected 0x00 (internal trigger, out of standby)",
        )
        self._start_watcher(fp)
        guest.shell.check(f"player {DRV2605L_PROFILE} --frame 0 200 0 0")
        fp.wait_for_event(lambda e: e["event"] == "press.peek", 20, "press.peek")
        self._wait_for_driver_log(" go ", count=1, timeout=30)
        deadline = time.monotonic() + 10
        while (slots := guest.driver_registers()[WAV_FRM_SEQ1 : WAV_FRM_SEQ1 + len(POP_SLOTS)]) != POP_SLOTS:
            require(
                time.monotonic() < deadline,
                f"WAV_FRM_SEQ1… {slots} 10 s after peek's GO ended, expected pop's {POP_SLOTS} loaded",
            )
            time.sleep(0.1)
        guest.shell.check(f"player {DRV2605L_PROFILE} --frame 0 400 0 0")
        fp.wait_for_event(lambda e: e["event"] == "press.pop", 20, "press.pop")
        self._wait_for_driver_log(" go ", count=2, timeout=30)
        guest.shell.check(f"player {DRV2605L_PROFILE} --frame 0 0 0 0")
        released = fp.wait_for_event(
            lambda e: e["event"] in ("press.released", "press.cancelled"), 20, "press.released"
        )
        require(released["event"] == "press.released", f"the press ended with {released}")
        log = self._stop_watcher()
        played = [
            line.split()[2:] for line in guest.shell.check("cat /tmp/drv2605l.log").splitlines() if " go " in line
        ]
        code = fp.stop()
        guest.shell.check("kill $(cat /tmp/drv2605l.pid); rm /tmp/drv2605l.pid")
        expected = [
            [f"0x{MODE_INTERNAL_TRIGGER:02x}"] + [f"0x{v:02x}" for v in slots] for slots in (PEEK_SLOTS, POP_SLOTS)
        ]
        require(
            [p[: len(e)] for p, e in zip(played, expected, strict=False)] == expected and len(played) == 2,
            f"GO played {played} (MODE, WAV_FRM_SEQ1… as they were when each playback ended), expected "
            f"peek's then pop's: {expected}; the chip reads each slot when it gets there, so a sequence "
            "rewritten while it plays changes what plays",
        )
        pulses = line_pulses(log)
        require(
            pulses is not None and len(pulses) == 2,
            f'the haptic line should mark peek and pop with one pulse each with trigger = "i2c": {log!r}',
        )
        require(code == 0, f"exit status {code} after SIGTERM")
        return "GO played peek's sequence, then pop's; the line marked both stages"

    def drv2605l_control(self) -> str:
        """The rig itself: rig/guest/drv2605l answers an auto-calibration and a GO as the
        DRV2605L checks assume, without forcepad."""
        shell, guest = self.guest.shell, self.guest
        address = f"0 0x{DRV2605L_ADDRESS:02x}"
        shell.check(
            f"drv2605l {DRV2605L_PROFILE} --reset && spawn drv2605l drv2605l {DRV2605L_PROFILE} /tmp/drv2605l.log"
        )
        shell.check(
            f"i2cset -y {address} 0x{MODE:02x} 7 && i2cset -y {address} 0x{FEEDBACK:02x} 0xb6 && "
            f"i2cset -y {address} 0x{GO:02x} 1"
        )
        self._wait_for_driver_log("calibrated")
        registers = guest.driver_registers()
        result = (registers[A_CAL_COMP], registers[A_CAL_BEMF], registers[FEEDBACK] & BEMF_GAIN_MASK)
        require(
            result == CALIBRATION_RESULT and registers[GO] == 0 and registers[FEEDBACK] & ~BEMF_GAIN_MASK == 0xB4,
            f"after a calibration: A_CAL_COMP, A_CAL_BEMF, BEMF_GAIN {result}, GO {registers[GO]}, "
            f"FEEDBACK 0x{registers[FEEDBACK]:02X}",
        )
        shell.check(
            f"i2cset -y {address} 0x{MODE:02x} 0 && i2cset -y {address} 0x{WAV_FRM_SEQ1:02x} 24 && "
            f"i2cset -y {address} 0x{WAV_FRM_SEQ1 + 1:02x} 0 && i2cset -y {address} 0x{GO:02x} 1"
        )
        played = self._wait_for_driver_log(" go ")
        require(played.split()[2:5] == ["0x00", "0x18", "0x00"], f"the GO was logged as {played!r}")
        shell.check("kill $(cat /tmp/drv2605l.pid); rm /tmp/drv2605l.pid")
        return "calibration results set and GO cleared; a GO in MODE 0 logged with its sequence"

    def _wait_for_driver_log(self, text: str, count: int = 1, timeout: float = 10) -> str:
        """The count-th line of rig/guest/drv2605l's log containing text."""
        deadline = time.monotonic() + timeout
        while True:
            log = self.guest.shell.check("cat /tmp/drv2605l.log")
            found = [line for line in log.splitlines() if text in line]
            if len(found) >= count:
                return found[count - 1]
            require(
                time.monotonic() < deadline,
                f"rig/guest/drv2605l logged {len(found)} of {count} {text.strip()!r} lines within {timeout}s: "
                f"{log[-300:]!r}",
            )
            time.sleep(0.1)

    def _line_high(self, fp: Forcepad) -> None:
        fp.command('haptic test "on 1s"')
        deadline = time.monotonic() + 5
        while self.guest.line_value() != 1:
            require(time.monotonic() < deadline, 'the line did not go high for `haptic test "on 1s"`')
            time.sleep(0.05)


def require_registers(registers: list[int], expected: dict[int, int], when: str) -> None:
    wrong = [
        f"{REGISTER_NAMES[r]} 0x{registers[r]:02X} (expected 0x{v:02X})"
        for r, v in expected.items()
        if registers[r] != v
    ]
    require(not wrong, f"DRV2605L registers {when}: {', '.join(wrong)}")


def calibration_shown(answer: Message) -> tuple[Any, Any, Any]:
    """(compensation, back-EMF, BEMF_GAIN) from `haptic calibrate`'s JSON answer."""
    return answer.get("compensation"), answer.get("back_emf"), answer.get("back_emf_gain")


def line_pulses(log: str) -> list[tuple[float, float]] | None:
    """(rise, fall) uptimes from the watcher's log, or None if it does not start low."""
    samples = [
        (float(t), int(v))
        for t, v in (line.split() for line in log.splitlines() if re.fullmatch(r"\d+\.\d+ [01]", line.strip()))
    ]
    if not samples or samples[0][1] != 0:
        return None
    pulses: list[tuple[float, float]] = []
    rise: float | None = None
    for t, value in samples[1:]:
        if value == 1:
            rise = t
        elif rise is not None:
            pulses.append((rise, t))
            rise = None
    return pulses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernel", required=True, type=Path)
    parser.add_argument("--initramfs", required=True, type=Path)
    parser.add_argument("--workdir", required=True, type=Path)
    parser.add_argument(
        "--build",
        action="append",
        required=True,
        metavar="NAME",
        help="a forcepad build in /opt/forcepad/bin to run every check with",
    )
    parser.add_argument("--only", action="append", default=[], help="run only these checks")
    parser.add_argument(
        "--arch", choices=sorted(MACHINES), default="x86_64", help="the guest's architecture: QEMU machine and UARTs"
    )
    parser.add_argument("--qemu", help="the QEMU binary (default: the architecture's qemu-system-…)")
    parser.add_argument("--memory", type=int, default=1024)
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--boot-timeout", type=float, default=180)
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)

    try:
        guest = Guest(args, args.workdir)
    except CheckFailed as failure:
        print(f"FAIL boot: {failure}")
        print("0 passed, 1 failed")
        return 1
    print(f"PASS boot ({guest.boot_seconds:.1f}s)", flush=True)
    checks = Checks(guest, args.build)
    plan: list[tuple[Any, ...]] = [("kernel-devices", checks.kernel_devices)]
    for build in args.build:
        plan += [
            (f"uart-shell[{build}]", checks.uart_shell, build),
            (f"frames-ads7830[{build}]", checks.frames_ads7830, build),
            (f"frames-ads1115[{build}]", checks.frames_ads1115, build),
            (f"frames-mux256[{build}]", checks.frames_mux256, build),
            (f"press-haptics[{build}]", checks.press_haptics, build),
            (f"sensor-lost[{build}]", checks.sensor_lost, build),
            (f"feedback-edges[{build}]", checks.feedback_edges, build),
            (f"nau7802-reference[{build}]", checks.nau7802_reference, build),
            (f"adxl345-accelerometer[{build}]", checks.adxl345_accelerometer, build),
            (f"sigterm-line-low[{build}]", checks.sigterm_line_low, build),
            (f"sigsegv-line-low[{build}]", checks.sigsegv_line_low, build),
            (f"drv2605l-press[{build}]", checks.drv2605l_press, build),
            (f"drv2605l-calibrate[{build}]", checks.drv2605l_calibrate, build),
        ]
    plan.append((f"rig-sigkill-control[{args.build[0]}]", checks.sigkill_control, args.build[0]))
    # The I2C trigger's path does not go through libgpiod: one build is enough.
    plan.append((f"drv2605l-i2c-trigger[{args.build[0]}]", checks.drv2605l_i2c_trigger, args.build[0]))
    plan.append(("rig-drv2605l-control", checks.drv2605l_control))
    try:
        for name, function, *arguments in plan:
            if args.only and not any(name.startswith(o) for o in args.only):
                continue
            if name != "kernel-devices" and not hasattr(guest, "value_file"):
                guest.locate_haptic_line()
            checks.run(name, function, *arguments)
    except GuestDied as death:
        checks.failed += 1
        print(f"FAIL guest: {death}; the checks after this one did not run")
    finally:
        guest.stop()
    for note in guest.notes:
        print(f"NOTE {note}")
    print(f"{checks.passed + 1} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
