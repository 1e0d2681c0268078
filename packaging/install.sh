#!/bin/sh
# Installs (or with --uninstall removes) every file of a ForcePad installation. Used by
# `make install` / `make uninstall` for a build from source, and by the Debian package
# (DESTDIR=<package root> PREFIX=/usr), so that both install the same files.
#
# Usage: packaging/install.sh [--uninstall]
#
# Variables (all optional):
#   DESTDIR     staging root every path is placed under (default: empty, the live system)
#   PREFIX      installation prefix (default: /usr/local)
#   SYSCONFDIR  configuration root (default: /etc, also for PREFIX=/usr/local, as systemd
#               and the binary look there)
#   BINARY      the forcepad binary to install (default: .build/release/forcepad)
#   GENERATOR   a forcepad binary that runs here, which writes the man page and the bash
#               completion (default: BINARY; the host's build when BINARY is for another
#               architecture, as for the arm64 package)
#   SOURCE_DATE the man page's date (default: the last commit's date)
#   BINDIR, DATADIR, DOCDIR, UNITDIR, SYSUSERSDIR, UDEVRULESDIR
#               override the directories derived from PREFIX:
#               $PREFIX/bin, $PREFIX/share/forcepad, $PREFIX/share/doc/forcepad,
#               $PREFIX/lib/systemd/system, $PREFIX/lib/sysusers.d, $PREFIX/lib/udev/rules.d
#
# What goes where:
#   BINDIR/forcepad                      the program (mode 0755)
#   DATADIR/boards/*.toml                the board files the binary finds by name
#   DOCDIR/*.md, images/, forcepad.example.toml   the user documentation
#   PREFIX/share/man/man1/forcepad.1.gz  the man page (`forcepad reference --format man`)
#   PREFIX/share/bash-completion/completions/forcepad   bash completion
#   SYSCONFDIR/forcepad/forcepad.toml    the lab's config: docs/forcepad.example.toml with
#                                        every setting commented out, so installing changes
#                                        nothing until the lab uncomments a line; never
#                                        overwritten (kept on uninstall when changed)
#   SYSCONFDIR/forcepad/forcepad.env     the service's board and options; never overwritten
#   UNITDIR/forcepad@.service            the systemd unit, with BINDIR, SYSCONFDIR and
#                                        DOCDIR written into it
#   DATADIR/systemd/forcepad-network.conf   the drop-in that opens the network for --http and [mqtt],
#                                        installed only where the lab copies it
#   SYSUSERSDIR/forcepad.conf            the forcepad system user and its groups
#   UDEVRULESDIR/60-forcepad.rules       device groups where the OS has no rules
#
# Without DESTDIR, on a running systemd, it then creates the user (systemd-sysusers),
# reloads the udev rules and systemd's units. It enables nothing: see docs/raspberry-pi.md.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
DESTDIR=${DESTDIR:-}
PREFIX=${PREFIX:-/usr/local}
SYSCONFDIR=${SYSCONFDIR:-/etc}
BINARY=${BINARY:-$root/.build/release/forcepad}
GENERATOR=${GENERATOR:-$BINARY}
SOURCE_DATE=${SOURCE_DATE:-$(git -C "$root" log -1 --format=%cs 2> /dev/null || date -u +%F)}
BINDIR=${BINDIR:-$PREFIX/bin}
DATADIR=${DATADIR:-$PREFIX/share/forcepad}
DOCDIR=${DOCDIR:-$PREFIX/share/doc/forcepad}
UNITDIR=${UNITDIR:-$PREFIX/lib/systemd/system}
SYSUSERSDIR=${SYSUSERSDIR:-$PREFIX/lib/sysusers.d}
UDEVRULESDIR=${UDEVRULESDIR:-$PREFIX/lib/udev/rules.d}

# The files copied as they are: source (relative to the repository) and target directory.
plain_files() {
    for board in "$root"/boards/*.toml; do echo "boards/$(basename "$board") $DATADIR/boards"; done
    for doc in "$root"/docs/*.md; do echo "docs/$(basename "$doc") $DOCDIR"; done
    for image in "$root"/docs/images/*; do echo "docs/images/$(basename "$image") $DOCDIR/images"; done
    echo "docs/forcepad.example.toml $DOCDIR"
    echo "packaging/sysusers.d/forcepad.conf $SYSUSERSDIR"
    echo "packaging/udev/60-forcepad.rules $UDEVRULESDIR"
}

# What a new installation puts in SYSCONFDIR/forcepad: the service's settings as they are,
# and the lab's config as the annotated example with every setting commented out.
config_text() {
    case $1 in
    forcepad.env) cat "$root/packaging/forcepad.env" ;;
    forcepad.toml)
        echo "# The lab's settings for every user of this machine; each user's own file (and"
        echo "# \`config save\`) goes on top. Every setting below is commented out: remove the '#'"
        echo "# in front of a line to make it the lab's (docs/configuration.md)."
        echo "#"
        sed -e 's/^\([^#]\)/#\1/' "$root/docs/forcepad.example.toml" ;;
    esac
}

live_system() { [ -z "$DESTDIR" ] && [ -d /run/systemd/system ]; }

install_files() {
    [ -x "$GENERATOR" ] || { echo "install.sh: $GENERATOR does not run here; give GENERATOR= a forcepad built for this machine" >&2; exit 1; }
    [ -x "$BINARY" ] || { echo "install.sh: $BINARY is not an executable; build it first (make install builds it)" >&2; exit 1; }
    install -D -m 0755 "$BINARY" "$DESTDIR$BINDIR/forcepad"
    plain_files | while read -r source directory; do
        install -D -m 0644 "$root/$source" "$DESTDIR$directory/$(basename "$source")"
    done
    mkdir -p "$DESTDIR$UNITDIR"
    sed -e "s|@bindir@|$BINDIR|g" -e "s|@sysconfdir@|$SYSCONFDIR|g" -e "s|@docdir@|$DOCDIR|g" \
        "$root/packaging/systemd/forcepad@.service" > "$DESTDIR$UNITDIR/forcepad@.service"
    chmod 0644 "$DESTDIR$UNITDIR/forcepad@.service"
    mkdir -p "$DESTDIR$DATADIR/systemd"
    sed -e "s|@datadir@|$DATADIR|g" "$root/packaging/systemd/forcepad-network.conf" > "$DESTDIR$DATADIR/systemd/forcepad-network.conf"
    chmod 0644 "$DESTDIR$DATADIR/systemd/forcepad-network.conf"
    mkdir -p "$DESTDIR$PREFIX/share/man/man1" "$DESTDIR$PREFIX/share/bash-completion/completions"
    "$GENERATOR" reference --format man --date "$SOURCE_DATE" | gzip -9n > "$DESTDIR$PREFIX/share/man/man1/forcepad.1.gz"
    # bash-completion sources the file: no #! line.
    "$GENERATOR" --generate-completion-script bash | sed '1{/^#!/d}' > "$DESTDIR$PREFIX/share/bash-completion/completions/forcepad"
    chmod 0644 "$DESTDIR$PREFIX/share/man/man1/forcepad.1.gz" "$DESTDIR$PREFIX/share/bash-completion/completions/forcepad"
    for name in forcepad.toml forcepad.env; do
        if [ -e "$DESTDIR$SYSCONFDIR/forcepad/$name" ]; then
            echo "install.sh: kept $DESTDIR$SYSCONFDIR/forcepad/$name (it exists)"
        else
            mkdir -p "$DESTDIR$SYSCONFDIR/forcepad"
            config_text "$name" > "$DESTDIR$SYSCONFDIR/forcepad/$name"
            chmod 0644 "$DESTDIR$SYSCONFDIR/forcepad/$name"
        fi
    done
    if live_system; then
        systemd-sysusers "$SYSUSERSDIR/forcepad.conf"
        udevadm control --reload && udevadm trigger --subsystem-match=i2c-dev --subsystem-match=gpio --subsystem-match=misc || true
        systemctl daemon-reload
    fi
}

uninstall_files() {
    rm -f "$DESTDIR$BINDIR/forcepad" "$DESTDIR$UNITDIR/forcepad@.service" "$DESTDIR$DATADIR/systemd/forcepad-network.conf"
    plain_files | while read -r source directory; do rm -f "$DESTDIR$directory/$(basename "$source")"; done
    rm -f "$DESTDIR$PREFIX/share/man/man1/forcepad.1.gz" "$DESTDIR$PREFIX/share/bash-completion/completions/forcepad"
    for name in forcepad.toml forcepad.env; do
        if config_text "$name" | cmp -s - "$DESTDIR$SYSCONFDIR/forcepad/$name"; then
            rm -f "$DESTDIR$SYSCONFDIR/forcepad/$name"
        elif [ -e "$DESTDIR$SYSCONFDIR/forcepad/$name" ]; then
            echo "install.sh: kept $DESTDIR$SYSCONFDIR/forcepad/$name (changed since it was installed)"
        fi
    done
    for directory in "$DATADIR/boards" "$DATADIR/systemd" "$DATADIR" "$DOCDIR/images" "$DOCDIR" "$SYSCONFDIR/forcepad"; do
        rmdir "$DESTDIR$directory" 2>/dev/null || true
    done
    if live_system; then systemctl daemon-reload; fi
}

case "${1:-}" in
    "") install_files ;;
    --uninstall) uninstall_files ;;
    *) echo "usage: packaging/install.sh [--uninstall]  (variables: see the comment at its top)" >&2; exit 2 ;;
esac
