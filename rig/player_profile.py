#!/usr/bin/env python3
"""Writes the player's profile of a board file: how its ADC presents conversions in
i2c-stub (model, bus number, address, ADC input per cell, calibration as counts:grams), and
for a board with a haptic driver chip its address (driver_address, for rig/guest/drv2605l).

    rig/player_profile.py BOARD.toml > BOARD.profile
"""

import sys
import tomllib
from pathlib import Path


def player_profile(board_path: str | Path) -> str:
    board = tomllib.loads(Path(board_path).read_text())
    adcs = board["adc"]
    if len(adcs) != 1:
        sys.exit(f"{board_path}: the rig's player handles boards with one ADC")
    device = board["i2c"]["device"]
    points = " ".join(f"{counts}:{grams}" for counts, grams in board["calibration"]["points"])
    driver = board.get("haptic", {}).get("driver")
    driver_line = f"driver_address=0x{driver.get('address', 0x5A):02x}\n" if driver else ""
    return (
        f"model={adcs[0]['model']}\n"
        f"bus={device.rsplit('-', 1)[1]}\n"
        f"address=0x{adcs[0]['address']:02x}\n"
        f'inputs="{" ".join(str(i) for i in adcs[0]["inputs"])}"\n'
        f'calibration="{points}"\n'
        f"{driver_line}"
    )


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip())
    sys.stdout.write(player_profile(sys.argv[1]))
