"""Tile glyph sets and colour themes (``assets/glyphs``, ``assets/themes``) and the ``Painter``
that turns physical tiles into Rich ``Text``: faces padded to a fixed width, coloured by suit,
with every mark (red five, dora, riichi, called, last discard) also shown without colour.

No Textual here: widgets call the painter and only place what it returns.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from app import assets
from engine.tiles import DEFAULT_REDS, Reds, is_red

SUIT_KEYS = ("man", "pin", "sou")


def _pad(face: str, width: int) -> str:
    """Centre ``face`` in ``width`` cells (extra space goes right)."""
    gap = width - cell_len(face)
    if gap <= 0:
        return face
    left = gap // 2
    return " " * left + face + " " * (gap - left)


def _faces(table: dict[str, list[str]], width: int) -> tuple[str, ...]:
    faces = [*table["man"], *table["pin"], *table["sou"], *table["honors"]]
    if len(faces) != 34:
        raise ValueError(f"a glyph set needs 34 faces, got {len(faces)}")
    return tuple(_pad(f, width) for f in faces)


@dataclass(frozen=True)
class GlyphSet:
    id: str
    names: dict[str, str]
    width: int
    short_width: int
    faces: tuple[str, ...]
    short: tuple[str, ...]
    back: str
    short_back: str
    red_mark: str

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names.get("en", self.id)


@dataclass(frozen=True)
class Theme:
    id: str
    names: dict[str, str]
    textual_theme: str
    styles: dict[str, Style] = field(default_factory=dict)

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names.get("en", self.id)

    def style(self, key: str) -> Style:
        return self.styles.get(key, Style.null())


def _list(folder: str) -> list[str]:
    root = assets().joinpath(folder)
    return sorted(e.name[:-5] for e in root.iterdir() if e.name.endswith(".toml"))


def _read(folder: str, name: str) -> dict:
    with assets().joinpath(folder, f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def glyph_set_ids() -> list[str]:
    ids = _list("glyphs")
    return ["text"] + [i for i in ids if i != "text"]


def theme_ids() -> list[str]:
    ids = _list("themes")
    return ["classic"] + [i for i in ids if i != "classic"]


def _localised(table: dict[str, list[str]], own: dict[str, list[str]]) -> dict[str, list[str]]:
    """``table`` with the groups (``man``, ``honors``...) that a language replaces."""
    return {**table, **own}


@cache
def glyph_set(name: str = "text", lang: str = "en") -> GlyphSet:
    """A glyph set by id; an unknown id gives the default text set. A set may name some faces
    per language (``[lang.zh.faces]``: the text set's honours as 东 南 西 北 白 发 中 in
    Chinese); a face that does not fill its width is padded like any other, so columns keep
    their width in every language."""
    if name not in _list("glyphs"):
        name = "text"
    data = _read("glyphs", name)
    width, short_width = int(data["width"]), int(data.get("short_width", data["width"]))
    own = data.get("lang", {}).get(lang, {})
    faces_table = _localised(data["faces"], own.get("faces", {}))
    short_table = _localised(data.get("short", data["faces"]),
                             own.get("short", own.get("faces", {})))
    return GlyphSet(
        id=data["id"],
        names=dict(data.get("name", {})),
        width=width,
        short_width=short_width,
        faces=_faces(faces_table, width),
        short=_faces(short_table, short_width),
        back=_pad(data.get("back", "#" * width), width),
        short_back=_pad(data.get("short_back", data.get("back", "#")), short_width),
        red_mark=data.get("red_mark", "*"),
    )


@cache
def theme(name: str = "classic") -> Theme:
    """A theme by id; an unknown id gives the default."""
    if name not in _list("themes"):
        name = "classic"
    data = _read("themes", name)
    styles = {k: Style.parse(v) for k, v in data.get("tiles", {}).items()}
    return Theme(data["id"], dict(data.get("name", {})), data["textual_theme"], styles)


def _suit_style_key(kind: int) -> str:
    if kind < 27:
        return SUIT_KEYS[kind // 9]
    if kind < 31:
        return "wind"
    return ("haku", "hatsu", "chun")[kind - 31]


#: The boxed tiles a painter keeps (a few hands' worth in each look).
BOXES_KEPT = 512


class Painter:
    """Renders tiles with one glyph set and theme for one ruleset's red fives."""

    def __init__(
        self, glyphs: GlyphSet | None = None, theme_: Theme | None = None, reds: Reds = DEFAULT_REDS
    ) -> None:
        self.glyphs = glyphs or glyph_set()
        self.theme = theme_ or theme()
        self.reds = reds
        self._boxes: dict[tuple[int, bool, bool, bool, bool], tuple[Text, Text, Text]] = {}
        self._boxes_look: tuple[object, ...] = ()  # the theme, glyphs and reds they were made in

    def width(self, short: bool = True) -> int:
        return self.glyphs.short_width if short else self.glyphs.width

    def face_style(self, tile: int) -> Style:
        if is_red(tile, self.reds):
            return self.theme.style("red_five")
        return self.theme.style(_suit_style_key(tile >> 2))

    def face(self, tile: int, short: bool = True, dora: bool = False) -> Text:
        """The face of a physical tile, padded, in its suit's style (dora underlined)."""
        faces = self.glyphs.short if short else self.glyphs.faces
        style = self.face_style(tile)
        if dora:
            style = style + self.theme.style("dora")
        out = Text()
        out.append(faces[tile >> 2], style=style)
        return out

    def kind_face(self, kind: int, short: bool = True) -> Text:
        """A tile kind (no red, no marks): waits, dora of the rules page…"""
        faces = self.glyphs.short if short else self.glyphs.faces
        out = Text()
        out.append(faces[kind], style=self.theme.style(_suit_style_key(kind)))
        return out

    def back(self, short: bool = True) -> Text:
        return Text(
            self.glyphs.short_back if short else self.glyphs.back, style=self.theme.style("back")
        )

    def mark(self, tile: int) -> str:
        """The one-cell mark after a face: the red mark for a red five, else a space."""
        return self.glyphs.red_mark if is_red(tile, self.reds) else " "

    def tile(
        self,
        tile: int,
        *,
        short: bool = True,
        dora: bool = False,
        riichi: bool = False,
        called: bool = False,
        last: bool = False,
    ) -> Text:
        """Face plus one mark cell, as in a river: riichi reversed, called struck, the last
        discard underlined."""
        text = self.face(tile, short=short, dora=dora)
        extra = Style.null()
        if riichi:
            extra += self.theme.style("riichi")
        if called:
            extra += self.theme.style("called")
        if last:
            extra += self.theme.style("last")
        if extra:
            text.stylize(extra, 0, len(text))
        mark = self.mark(tile)
        if last and mark == " ":
            mark = "◂"
        text.append(mark, style=self.theme.style("key"))
        if short and self.glyphs.short_width <= 2:
            # Narrow faces get a separating space, so a mark ("5m*") never touches the next
            # tile; wider (kanji) faces keep rows of six within 25 cells.
            text.append(" ")
        return text

    def river_row(self, tiles: Sequence[Text], room: int) -> Text:
        """River tiles (from :meth:`tile`) side by side within ``room`` cells, a space after
        every mark so that it never touches the next tile ("5萬* 6萬", not "5萬*6萬"). Kanji
        faces leave no cell for that space in a row of six at 80x24 (24 cells), so a row with
        two marks first drops the last discard's ◂ (its underline still tells it), and only a
        row with two red fives closes up."""

        def join(cells: Sequence[Text]) -> Text:
            out = Text()
            for i, cell in enumerate(cells):
                out.append_text(cell)
                if i < len(cells) - 1 and not cell.plain.endswith(" "):
                    out.append(" ")
            out.rstrip()
            return out

        out = join(tiles)
        if out.cell_len > room and tiles and tiles[-1].plain.endswith("◂"):
            final = tiles[-1].copy()
            final.right_crop(1)
            out = join([*tiles[:-1], final])
        if out.cell_len > room:
            out = Text().join(tiles)
            out.rstrip()
        return out

    def tiles(self, tiles: Iterable[int], short: bool = True, sep: str = "") -> Text:
        """Faces side by side with their marks (melds, winning hands)."""
        out = Text()
        for i, tile in enumerate(tiles):
            if i and sep:
                out.append(sep)
            out.append_text(self.face(tile, short=short))
            mark = self.mark(tile)
            if mark != " ":
                out.append(mark, style=self.theme.style("key"))
        return out

    def kinds(self, kinds: Iterable[int], short: bool = True, sep: str = " ") -> Text:
        out = Text()
        for i, kind in enumerate(kinds):
            if i and sep:
                out.append(sep)
            out.append_text(self.kind_face(kind, short=short))
        return out

    def boxed(
        self,
        tile: int,
        *,
        short: bool = False,
        dora: bool = False,
        selected: bool = False,
        dimmed: bool = False,
    ) -> tuple[Text, Text, Text]:
        """Three lines: ``┌──┐`` ``│5m│`` ``└──┘``; the top border carries the marks (``*`` red
        five, ``◆`` dora) so they show without colour; a selected tile has a bold border.
        Made once per look and kept (the hand is drawn again on every turn and key of a
        server's every player): the caller only reads them."""
        look = (self.theme, self.glyphs, self.reds)
        if len(look) != len(self._boxes_look) or any(
                a is not b for a, b in zip(look, self._boxes_look, strict=True)):
            self._boxes.clear()  # a painter given another theme, glyph set or red fives
            self._boxes_look = look
        key = (tile, short, dora, selected, dimmed)
        boxes = self._boxes.get(key)
        if boxes is None:
            if len(self._boxes) >= BOXES_KEPT:
                self._boxes.clear()
            boxes = self._boxes[key] = self._boxed(tile, short, dora, selected, dimmed)
        return boxes

    def _boxed(self, tile: int, short: bool, dora: bool, selected: bool,
               dimmed: bool) -> tuple[Text, Text, Text]:
        w = self.width(short)
        box = self.theme.style("selected_box" if selected else "box")
        edge = "━" if selected else "─"
        top = Text()
        top.append("┏" if selected else "┌", style=box)
        used = 0
        if is_red(tile, self.reds):
            top.append(self.glyphs.red_mark, style=self.theme.style("red_five"))
            used += 1
        if dora and used < w:
            top.append("◆", style=box)
            used += 1
        top.append(edge * (w - used) + ("┓" if selected else "┐"), style=box)
        mid = Text()
        mid.append("┃" if selected else "│", style=box)
        face = self.face(tile, short=short, dora=dora)
        if dimmed:
            face.stylize("dim", 0, len(face))
        mid.append_text(face)
        mid.append("┃" if selected else "│", style=box)
        bottom = Text()
        corners = ("┗", "┛") if selected else ("└", "┘")
        bottom.append(corners[0] + edge * w + corners[1], style=box)
        return top, mid, bottom
