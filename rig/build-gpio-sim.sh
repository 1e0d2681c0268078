#!/usr/bin/env bash
# Builds gpio-sim.ko out of tree for the guest's kernel, from the sources fetch-kernel.sh kept:
# gpio-sim.c with gpiolib.h, and a private copy of irq_sim.c (Debian's kernel has no IRQ_SIM).
# Two edits, both checked:
#  - irq_sim.c: irq_to_desc is not exported to modules, so the simulated interrupt is
#    delivered with generic_handle_irq(irqnum) instead of handle_simple_irq(irq_to_desc(irqnum)).
#  - gpio-sim.c: releasing a line no longer resets its value to the pull. A Pi's pin
#    controller keeps its output latch when a program lets go of a line, so the value left
#    behind is the last one the program drove; that is what the SIGTERM check reads.
# Result: CACHE/kernel/KVER/modules/gpio-sim.ko (skipped when present).
#
# Usage: rig/build-gpio-sim.sh CACHE_DIR KVER
set -euo pipefail

cache=$(realpath -m "$1")
kver=$2
kdir="$cache/kernel/$kver"
module="$kdir/modules/gpio-sim.ko"
[ -f "$module" ] && exit 0

build="$kdir/gpio-sim-build"
rm -rf "$build" && mkdir -p "$build"
cp "$kdir/gpio-sim/gpiolib.h" "$build/"
sed 's/handle_simple_irq(irq_to_desc(irqnum))/generic_handle_irq(irqnum)/' \
    "$kdir/gpio-sim/irq_sim.c" > "$build/irq_sim.c"
sed '/^static void gpio_sim_free(/,/^}/{/__assign_bit(offset, chip->value_map/d}' \
    "$kdir/gpio-sim/gpio-sim.c" > "$build/gpio-sim-main.c"
grep -q 'generic_handle_irq(irqnum);' "$build/irq_sim.c" \
    || { echo "rig: irq_sim.c did not take the generic_handle_irq edit" >&2; exit 1; }
[ "$(diff "$kdir/gpio-sim/gpio-sim.c" "$build/gpio-sim-main.c" | grep -c '^<')" = 1 ] \
    || { echo "rig: gpio-sim.c did not take the keep-value-on-release edit" >&2; exit 1; }
# One module named gpio-sim (its platform driver's name) from both objects.
printf 'obj-m := gpio-sim.o\ngpio-sim-y := gpio-sim-main.o irq_sim.o\n' > "$build/Kbuild"
make -s -C "/usr/src/linux-headers-$kver" M="$build" modules >&2
cp "$build/gpio-sim.ko" "$module.part" && mv "$module.part" "$module"
