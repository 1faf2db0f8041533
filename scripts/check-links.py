#!/usr/bin/env python3
"""Every relative link of README.md and docs/*.md resolves: the file or
folder exists, and an anchor (#...) names a heading of the page it points
to (a folder's README.md for a folder), as GitHub makes heading anchors.
Prints each broken link and exits 1, else one line and 0.

    python3 scripts/check-links.py [FILE.md ...]
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
link = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
fence = re.compile(r"^\s*(```|~~~)")


def anchors(page: pathlib.Path) -> set:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to
    hyphens, a repeated heading numbered -1, -2, ..."""
    seen, out, in_code = {}, set(), False
    for line in page.read_text(encoding="utf-8").splitlines():
        if fence.match(line):
            in_code = not in_code
            continue
        m = None if in_code else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        text = re.sub(r"`|\*\*|\[|\]\([^)]*\)", "", m.group(1)).lower()
        slug = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(page: pathlib.Path):
    in_code = False
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if fence.match(line):
            in_code = not in_code
            continue
        if in_code:
            continue
        # Inline code is not a link.
        for target in link.findall(re.sub(r"`[^`]*`", "", line)):
            yield number, target


def main() -> int:
    pages = [pathlib.Path(p).resolve() for p in sys.argv[1:]] or [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    broken, checked = [], 0
    for page in pages:
        for number, target in links(page):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
                continue
            checked += 1
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            where = f"{page.relative_to(root)}:{number}: {target}"
            if not dest.exists():
                broken.append(f"{where}: no such file or folder")
                continue
            if anchor:
                doc = dest / "README.md" if dest.is_dir() else dest
                if doc.suffix != ".md" or not doc.exists():
                    broken.append(f"{where}: an anchor into something that is not a page")
                elif anchor not in anchors(doc):
                    broken.append(f"{where}: no heading #{anchor} in {doc.relative_to(root)}")
    for b in broken:
        print(b, file=sys.stderr)
    if broken:
        return 1
    print(f"check-links: {checked} relative links in {len(pages)} pages, all resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
