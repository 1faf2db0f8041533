#!/usr/bin/env bash
# The completion and man page snippet of docs/install.md, run as a new user
# would: the lines between its markers, in bash, with an empty HOME and the
# given binary on PATH (cargo install's bin folder, not ~/.local/bin). Then
# every file it writes must be there and not empty, and `man -w nqueens`, in
# the shell the snippet ran in, must find the page it installed.
#
#     scripts/check-install-snippet.sh path/to/nqueens [path/to/install.md]
set -euo pipefail

bin=${1:?usage: $0 path/to/nqueens [docs/install.md]}
page=${2:-$(dirname "$0")/../docs/install.md}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[[ -x $bin ]] || { echo "check-install-snippet: $bin is not an executable" >&2; exit 1; }
command -v man >/dev/null || { echo "check-install-snippet: man (man-db) is needed" >&2; exit 1; }

# The lines between the markers, without the code fence.
snippet=$(awk '/<!-- install-snippet:start -->/ { on = 1; next }
               /<!-- install-snippet:end -->/ { on = 0 }
               on && !/^```/' "$page")
[[ -n $snippet ]] || { echo "check-install-snippet: no snippet between the markers in $page" >&2; exit 1; }

home=$(mktemp -d)
bindir=$(mktemp -d)
trap 'rm -rf "$home" "$bindir"' EXIT
# Only the binary, under its own name, in a folder of its own: no
# ~/.local/bin, no source tree, so man cannot find the page any other way.
ln -s "$bin" "$bindir/nqueens"

found=$(env -i HOME="$home" PATH="$bindir:/usr/local/bin:/usr/bin:/bin" LANG=C.UTF-8 \
    bash -euo pipefail -c "$snippet"$'\n''man -w nqueens') || {
    echo "FAIL the snippet of $page, or man -w nqueens after it, failed with an empty HOME" >&2
    exit 1
}

status=0
for file in .local/share/bash-completion/completions/nqueens .zfunc/_nqueens \
    .config/fish/completions/nqueens.fish .config/elvish/rc.elv \
    .local/share/man/man1/nqueens.1; do
    if [[ -s $home/$file ]]; then
        echo "ok   ~/$file ($(wc -c <"$home/$file") bytes)"
    else
        echo "FAIL ~/$file is missing or empty" >&2
        status=1
    fi
done
if [[ $found == "$home/.local/share/man/man1/nqueens.1" ]]; then
    echo "ok   man -w nqueens: ~/.local/share/man/man1/nqueens.1"
else
    echo "FAIL man -w nqueens found '$found', not ~/.local/share/man/man1/nqueens.1" >&2
    status=1
fi
if ! grep -q '^\.TH' "$home/.local/share/man/man1/nqueens.1"; then
    echo "FAIL the installed page is not a man page (no .TH line)" >&2
    status=1
fi
exit "$status"
