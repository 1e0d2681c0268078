#!/usr/bin/env bash
# Installs every file of a ForcePad installation under $DESTDIR: what `make install` puts on
# a Pi that built from source, and what the Debian packages contain (DESTDIR = the package's
# root, PREFIX=/usr).
#
# Usage: packaging/install.sh BINARY [GENERATOR]
#   BINARY      the forcepad executable to install
#   GENERATOR   a forcepad executable that runs here, used to generate the man page and the
#               bash completion (default BINARY; give the host's build when BINARY is for
#               another architecture)
# Environment:
#   DESTDIR     staging root (default empty: the running system)
#   PREFIX      /usr/local (default) or /usr
#   SYSCONFDIR  /etc (default)
#   SOURCE_DATE the date printed on the man page (default: the last commit's date)
# Files (PREFIX-relative unless absolute):
#   bin/forcepad, share/forcepad/boards/*.toml, share/man/man1/forcepad.1.gz,
#   share/bash-completion/completions/forcepad, lib/sysusers.d/forcepad.conf (the forcepad
#   user and groups), lib/udev/rules.d/60-forcepad-devices.rules, share/doc/forcepad/
#   (README and guides), SYSCONFDIR/forcepad/forcepad.toml (the annotated example; an existing file
#   is never replaced)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
binary=${1:?usage: packaging/install.sh BINARY [GENERATOR]}
generator=${2:-$binary}
destdir=${DESTDIR:-}
prefix=${PREFIX:-/usr/local}
sysconfdir=${SYSCONFDIR:-/etc}
date=${SOURCE_DATE:-$(git -C "$root" log -1 --format=%cs 2> /dev/null || date -u +%F)}

[ -x "$binary" ] || { echo "install: $binary is not an executable; build it first (make install builds it)" >&2; exit 1; }
[ -x "$generator" ] || { echo "install: $generator is not an executable that runs here" >&2; exit 1; }

install -D -m 755 "$binary" "$destdir$prefix/bin/forcepad"
install -d -m 755 "$destdir$prefix/share/forcepad/boards"
install -m 644 "$root"/boards/*.toml "$destdir$prefix/share/forcepad/boards/"

install -d -m 755 "$destdir$prefix/share/man/man1"
"$generator" reference --format man --date "$date" | gzip -9n > "$destdir$prefix/share/man/man1/forcepad.1.gz"
chmod 644 "$destdir$prefix/share/man/man1/forcepad.1.gz"
install -d -m 755 "$destdir$prefix/share/bash-completion/completions"
# bash-completion sources the file: no #! line.
"$generator" --generate-completion-script bash | sed '1{/^#!/d}' > "$destdir$prefix/share/bash-completion/completions/forcepad"
chmod 644 "$destdir$prefix/share/bash-completion/completions/forcepad"

install -D -m 644 "$root/packaging/sysusers.d/forcepad.conf" "$destdir$prefix/lib/sysusers.d/forcepad.conf"
install -D -m 644 "$root/packaging/udev/60-forcepad-devices.rules" "$destdir$prefix/lib/udev/rules.d/60-forcepad-devices.rules"

doc="$destdir$prefix/share/doc/forcepad"
install -d -m 755 "$doc" "$doc/images"
install -m 644 "$root/README.md" "$root"/docs/*.md "$doc/"
install -m 644 "$root"/docs/images/* "$doc/images/"

if [ ! -e "$destdir$sysconfdir/forcepad/forcepad.toml" ]; then
    install -D -m 644 "$root/docs/forcepad.example.toml" "$destdir$sysconfdir/forcepad/forcepad.toml"
fi
