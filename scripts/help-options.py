#!/usr/bin/env python3
"""Every long option of every verb, from `nqueens VERB --help`: its value
kind (flag, value <NAME>, or a choice among listed values) and its help
line, one table row each, sorted by option so one name's uses sit
together. Then the names used with more than one kind, value name or set
of choices, for a person to judge (one meaning per name across verbs;
crates/cli/tests/cli/cli.rs checks the flag-or-value part).

    python3 scripts/help-options.py [path/to/nqueens]   # default: target/debug/nqueens

Exits 1 if an option name is a flag in one verb and takes a value in
another, else 0.
"""
import collections
import os
import re
import subprocess
import sys

binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/nqueens"
# Wide enough that no help line wraps into the next option's.
env = dict(os.environ, COLUMNS="100")


def help_of(*verb):
    return subprocess.run(
        [binary, *verb, "--help"], env=env, check=True, capture_output=True, text=True
    ).stdout


def verbs():
    lines = help_of().splitlines()
    start = lines.index("Commands:") + 1
    out = []
    for line in lines[start:]:
        if not line.strip():
            break
        if line.startswith("  ") and not line.startswith("   "):
            name = line.split()[0]
            if name != "help":
                out.append(name)
    return out


option = re.compile(r"^(?:  -\w, |      )(--[\w-]+)(?: <([^>]+)>)?(.*)$")


def options(verb):
    """(name, kind, help) for each long option of `verb`'s help."""
    lines = help_of(verb).splitlines()
    found = []
    for i, line in enumerate(lines):
        m = option.match(line)
        if not m or m.group(1) in ("--help", "--version"):
            continue
        name, value, rest = m.groups()
        # The help: on the same line (short layout) or the next (long).
        text = rest.strip() or (lines[i + 1].strip() if i + 1 < len(lines) else "")
        block = []
        for follow in lines[i + 1 :]:
            if option.match(follow) or follow.startswith("  -h, --help"):
                break
            block.append(follow.strip())
        joined = " ".join([rest.strip()] + block)
        choices = re.search(r"\[possible values: ([^\]]+)\]", joined)
        listed = [l[2:].split(":")[0] for l in block if l.startswith("- ")]
        if value is None:
            kind = "flag"
        elif choices:
            kind = "one of " + choices.group(1).replace(" ", "")
        elif listed:
            kind = "one of " + ",".join(listed)
        else:
            kind = f"value <{value}>"
        text = re.sub(r"\s*\[(default|possible values)[^\]]*\]", "", text)
        found.append((name, kind, text))
    return found


def main():
    rows = []
    for verb in verbs():
        for name, kind, text in options(verb):
            rows.append((name, verb, kind, text))
    rows.sort()
    print("| option | verb | kind | help |")
    print("|---|---|---|---|")
    for name, verb, kind, text in rows:
        print(f"| `{name}` | {verb} | {kind} | {text} |")
    kinds = collections.defaultdict(set)
    flags = collections.defaultdict(set)
    for name, verb, kind, _ in rows:
        kinds[name].add(kind)
        flags[name].add(kind == "flag")
    print()
    print("Names used with more than one kind:")
    for name in sorted(kinds):
        if len(kinds[name]) > 1:
            uses = "; ".join(
                f"{kind} ({', '.join(v for n, v, k, _ in rows if n == name and k == kind)})"
                for kind in sorted(kinds[name])
            )
            print(f"  {name}: {uses}")
    clashes = [n for n in flags if len(flags[n]) > 1]
    if clashes:
        print(f"a flag in one verb and a value in another: {', '.join(clashes)}")
        sys.exit(1)


main()
