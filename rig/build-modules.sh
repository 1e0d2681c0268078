#!/usr/bin/env bash
# Builds the rig's two out-of-tree modules for the guest's kernel from the sources
# fetch-kernel.sh kept, each with small edits that are checked to have taken:
#
# gpio-sim.ko: gpio-sim.c with gpiolib.h, and a private copy of irq_sim.c (Debian's kernel
# has no IRQ_SIM).
#  - irq_sim.c: irq_to_desc is not exported to modules, so the simulated interrupt is
#    delivered with generic_handle_irq(irqnum) instead of handle_simple_irq(irq_to_desc(irqnum)).
#  - gpio-sim.c: releasing a line no longer resets its value to the pull. A Pi's pin
#    controller keeps its output latch when a program lets go of a line, so the value left
#    behind is the last one the program drove; that is what the SIGTERM check reads.
#
# i2c-stub.ko: i2c-stub.c with one writable parameter, `absent`. While it is set, every
# transfer fails with ENODEV, as the stub answers for an address it has no chip at: the ADC
# has gone away. (Unloading the stock module cannot stand in for that: a program holding
# /dev/i2c-0 open keeps a reference to the module, so rmmod is refused.) The registers
# survive, so clearing it brings the chip back as it was.
#
# Results: CACHE/kernel/KVER/modules/{gpio-sim,i2c-stub}.ko (each skipped when present),
# built against CACHE/kernel/KVER/headers (rig/fetch-kernel.sh). For ARCH arm64 they are
# cross-built with Debian's gcc-aarch64-linux-gnu (gcc 12, as the kernel was).
#
# Usage: rig/build-modules.sh CACHE_DIR KVER [ARCH]
set -euo pipefail

cache=$(realpath -m "$1")
kver=$2
arch=${3:-amd64}
kdir="$cache/kernel/$kver"
source="$kdir/source"
cross=()
case $arch in
amd64) machine="X86-64" ;;
arm64) machine=AArch64 cross=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-) ;;
*) echo "rig: no module build for architecture $arch" >&2; exit 1 ;;
esac

build_module() { # NAME KBUILD_LINE...: builds $build (prepared by the caller) into NAME.ko
    local name=$1
    shift
    printf '%s\n' "$@" > "$build/Kbuild"
    make -s -C "$kdir/headers/" M="$build" "${cross[@]}" modules >&2
    readelf -h "$build/$name.ko" | grep -c "Machine: .*$machine$" > /dev/null \
        || { echo "rig: $build/$name.ko is not an $machine object" >&2; exit 1; }
    cp "$build/$name.ko" "$kdir/modules/$name.ko.part" && mv "$kdir/modules/$name.ko.part" "$kdir/modules/$name.ko"
}

edited_once() { # ORIGINAL EDITED WHAT: fails unless exactly one line changed
    [ "$(diff "$1" "$2" | grep -c '^<')" = 1 ] || { echo "rig: $(basename "$1") did not take the $3 edit" >&2; exit 1; }
}

if [ ! -f "$kdir/modules/gpio-sim.ko" ]; then
    build="$kdir/build-gpio-sim"
    rm -rf "$build" && mkdir -p "$build"
    cp "$source/gpiolib.h" "$build/"
    sed 's/handle_simple_irq(irq_to_desc(irqnum))/generic_handle_irq(irqnum)/' \
        "$source/irq_sim.c" > "$build/irq_sim.c"
    edited_once "$source/irq_sim.c" "$build/irq_sim.c" generic_handle_irq
    sed '/^static void gpio_sim_free(/,/^}/{/__assign_bit(offset, chip->value_map/d}' \
        "$source/gpio-sim.c" > "$build/gpio-sim-main.c"
    edited_once "$source/gpio-sim.c" "$build/gpio-sim-main.c" keep-value-on-release
    # One module named gpio-sim (its platform driver's name) from both objects.
    build_module gpio-sim 'obj-m := gpio-sim.o' 'gpio-sim-y := gpio-sim-main.o irq_sim.o'
fi

if [ ! -f "$kdir/modules/i2c-stub.ko" ]; then
    build="$kdir/build-i2c-stub"
    rm -rf "$build" && mkdir -p "$build"
    sed -e '/^static s32 stub_xfer(/,/^}/s/^\tif (!chip)$/\tif (!chip || READ_ONCE(absent))/' \
        "$source/i2c-stub.c" > "$build/edited.c"
    edited_once "$source/i2c-stub.c" "$build/edited.c" absent
    # The parameter goes in front of stub_xfer, after the other parameters.
    awk '/^static s32 stub_xfer\(/ && !done {
             print "static bool absent;"
             print "module_param(absent, bool, 0644);"
             print "MODULE_PARM_DESC(absent, \"While set, no chip answers: every transfer fails with ENODEV\");"
             print ""
             done = 1
         }
         { print }' "$build/edited.c" > "$build/i2c-stub.c"
    rm "$build/edited.c"
    build_module i2c-stub 'obj-m := i2c-stub.o'
fi
