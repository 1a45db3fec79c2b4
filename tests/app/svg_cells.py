"""Compare snapshot SVGs with another revision's cell by cell: each cell's character, the CSS
rule of its text and its background. Two SVGs of one screen can differ as text (a run of one
style drawn as one element or several, class numbers in another order) and look the same; this
says whether they do.

    python tests/app/svg_cells.py REV FILE...   (exit status: the files that look different)
"""

from __future__ import annotations

import html
import re
import subprocess
import sys

from rich.cells import get_character_cell_size

CELL = 12.2  # the width of a cell in Textual's SVG


def cells(svg: str) -> tuple[dict, dict]:
    """(row, column) -> (character, CSS rule) of every visible character, and -> fill of
    every cell with a background."""
    svg = re.sub(r"terminal-\d+-", "terminal-", svg)
    rules = dict(re.findall(r"\.terminal-(r\d+) \{ ([^}]*) \}", svg))
    text, background = {}, {}
    for name, x, y, body in re.findall(
            r'<text class="terminal-(r\d+)" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        column = round(float(x) / CELL)
        for char in html.unescape(body):
            if char not in (" ", "\xa0"):  # a blank is a blank, drawn or not
                text[(float(y), column)] = (char, rules.get(name))
            column += get_character_cell_size(char)
    for fill, x, y, width in re.findall(
            r'<rect fill="([^"]+)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg):
        column = round(float(x) / CELL)
        for i in range(round(float(width) / CELL)):
            background[(float(y), column + i)] = fill
    return text, background


def main(rev: str, paths: list[str]) -> int:
    differ = 0
    for path in paths:
        old = subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True, text=True,
                             check=True).stdout
        with open(path, encoding="utf-8") as f:
            new = f.read()
        (text_a, back_a), (text_b, back_b) = cells(old), cells(new)
        text = sorted(k for k in text_a.keys() | text_b.keys() if text_a.get(k) != text_b.get(k))
        back = sorted(k for k in back_a.keys() | back_b.keys() if back_a.get(k) != back_b.get(k))
        print(f"{path}: {len(text)} of {len(text_a)} characters and {len(back)} of "
              f"{len(back_a)} backgrounds differ")
        for key in text[:5]:
            print("   ", key, text_a.get(key), "->", text_b.get(key))
        for key in back[:5]:
            print("   ", key, back_a.get(key), "->", back_b.get(key))
        differ += bool(text or back)
    return differ


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
