"""HandView: the player's concealed tiles in boxes, the drawn tile set apart, the key letter
under each tile. Clicking a selectable tile posts ``HandView.Discard``.

With ``hints`` set, two rows over the tiles tell what discarding each one leaves: the shanten
(``F`` after it: a furiten tenpai) and the tiles that would help (ukeire); the best discards are
highlighted, and :data:`PICK_MARK` before the shanten marks the strong AI's discard (a character,
so that it reads without colour)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from app.widgets._paint import painter
from app.widgets.lines import TextLines

#: The key that discards the n-th tile shown (left to right, the drawn tile last).
TILE_KEYS = "abcdefghijklmn"
#: Before the shanten of the discard the strong AI would choose (the hint's first cell, blank
#: otherwise: the hint row keeps its width per tile).
PICK_MARK = "▸"


@dataclass(frozen=True)
class TileHint:
    """The hand after discarding a tile of one kind: shanten, helpful tiles (ukeire), whether
    it is among the best discards, whether it is a furiten tenpai, whether it is the strong
    AI's pick."""

    shanten: int
    count: int
    best: bool = False
    furiten: bool = False
    pick: bool = False


class HandView(Widget):
    """Reactives: ``tiles`` (sorted hand without the drawn tile), ``drawn``, ``selectable``
    (tiles that may be discarded now; empty when it is not the player's turn), ``selected``
    (an index into the shown tiles, -1 for none), ``dora_kinds``, ``short`` (narrow faces),
    ``hints`` ((tile kind, TileHint) pairs; empty: no hint rows), ``pick_tile`` (the tile of
    the picked kind that carries :data:`PICK_MARK`; None: the first one)."""

    COMPONENT_CLASSES = {"hand--hint", "hand--best", "hand--furiten", "hand--pick"}
    ALLOW_SELECT = False  # drawn with TextLines (app.widgets.lines)
    # Rows are made to fit (the table needs 80 columns): never wrapped, so Textual skips
    # looking for places to wrap them on every render (a third of drawing the hand).
    DEFAULT_CSS = """
    HandView {
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    tiles: reactive[tuple[int, ...]] = reactive(())
    drawn: reactive[int | None] = reactive(None)
    selectable: reactive[frozenset[int]] = reactive(frozenset())
    selected: reactive[int] = reactive(-1)
    dora_kinds: reactive[frozenset[int]] = reactive(frozenset())
    short: reactive[bool] = reactive(True)
    hints: reactive[tuple[tuple[int, TileHint], ...]] = reactive(())
    pick_tile: reactive[int | None] = reactive(None)

    @dataclass
    class Discard(Message):
        """The player clicked a tile to discard it."""

        tile: int

    @dataclass
    class Refused(Message):
        """The player clicked a tile that may not be discarded now (the table says why)."""

        index: int

    @dataclass
    class Selected(Message):
        """The player pointed at a tile (mouse hover/click on an unselectable tile)."""

        index: int

    def shown(self) -> tuple[int, ...]:
        """Tiles left to right as shown: the hand, then the drawn tile."""
        return self.tiles + ((self.drawn,) if self.drawn is not None else ())

    def selected_tile(self) -> int | None:
        """The selected tile if it may be played now."""
        shown = self.shown()
        if 0 <= self.selected < len(shown) and shown[self.selected] in self.selectable:
            return shown[self.selected]
        return None

    def move(self, delta: int) -> None:
        """Select the ``delta``-th playable tile to the right (left if negative), wrapping."""
        idx = [i for i, tile in enumerate(self.shown()) if tile in self.selectable]
        if idx:
            pos = idx.index(self.selected) if self.selected in idx else 0
            self.selected = idx[(pos + delta) % len(idx)]

    def pick(self, index: int) -> int | None:
        """Select the tile at ``index`` and return it, if it may be played now."""
        shown = self.shown()
        if index < len(shown) and shown[index] in self.selectable:
            self.selected = index
            return shown[index]
        return None

    def keep_selection(self) -> None:
        """After ``selectable`` changed: keep a playable selection, else start on the drawn
        tile (tsumogiri is the most common choice), else the rightmost; none without a choice."""
        if not self.selectable:
            self.selected = -1
        elif self.selected_tile() is None:
            candidates = [i for i, tile in enumerate(self.shown()) if tile in self.selectable]
            self.selected = candidates[-1]

    def _spans(self) -> list[tuple[int, int]]:
        """(x start, x end) of each shown tile's box."""
        w = painter(self).width(self.short) + 2
        spans = []
        x = 0
        for i, _ in enumerate(self.shown()):
            if self.drawn is not None and i == len(self.tiles):
                x += 2  # the drawn tile stands apart
            spans.append((x, x + w))
            x += w
        return spans

    def watch_hints(self, hints: tuple[tuple[int, TileHint], ...]) -> None:
        self.set_class(bool(hints), "-hints")

    def render(self) -> TextLines:
        p = painter(self)
        rows = [Text(), Text(), Text(), Text()]
        hints = dict(self.hints)
        if hints:
            rows = [Text(), Text()] + rows
        boxes_at = len(rows) - 4
        key_style = p.theme.style("key")
        marked = self._marked(hints)
        for i, (tile, (x0, x1)) in enumerate(zip(self.shown(), self._spans(), strict=False)):
            gap = x0 - rows[-1].cell_len
            if gap:
                for r in rows:
                    r.append(" " * gap)
            ok = tile in self.selectable
            boxes = p.boxed(
                tile,
                short=self.short,
                dora=(tile >> 2) in self.dora_kinds,
                selected=(i == self.selected and ok),
                dimmed=bool(self.selectable) and not ok,
            )
            for r, part in zip(rows[boxes_at:], boxes, strict=False):
                r.append_text(part)
            label = TILE_KEYS[i] if i < len(TILE_KEYS) else " "
            if not ok:
                label = " "
            rows[-1].append(label.center(x1 - x0), style=key_style)
            if hints:
                self._hint(rows, hints.get(tile >> 2) if ok else None, x1 - x0, i == marked)
        out = Text("\n").join(rows)
        out.no_wrap = True
        return TextLines(out)

    def _marked(self, hints: dict[int, TileHint]) -> int:
        """The index of the one tile that carries the pick mark (-1: none): ``pick_tile`` if
        shown, else the first playable tile of the picked kind (a red and a plain five are one
        kind, and only one of them is the pick)."""
        shown = self.shown()
        picked = [i for i, tile in enumerate(shown)
                  if tile in self.selectable and (h := hints.get(tile >> 2)) and h.pick]
        exact = [i for i in picked if shown[i] == self.pick_tile]
        return (exact or picked or [-1])[0]

    def _hint(self, rows: list[Text], hint: TileHint | None, width: int, mark: bool) -> None:
        if hint is None:
            rows[0].append(" " * width)
            rows[1].append(" " * width)
            return
        name = "hand--furiten" if hint.furiten else "hand--best" if hint.best else "hand--hint"
        style = self.get_component_rich_style(name, partial=True)
        shanten = (f"{hint.shanten}F" if hint.furiten else str(hint.shanten)).center(width)
        if mark and shanten.startswith(" "):
            rows[0].append(PICK_MARK, style=self.get_component_rich_style("hand--pick",
                                                                        partial=True))
            shanten = shanten[1:]
        rows[0].append(shanten, style=style)
        rows[1].append(str(hint.count).center(width), style=style)

    def index_at(self, x: int) -> int:
        for i, (x0, x1) in enumerate(self._spans()):
            if x0 <= x < x1:
                return i
        return -1

    def on_click(self, event: events.Click) -> None:
        i = self.index_at(event.x)
        if i < 0:
            return
        tile = self.shown()[i]
        if tile in self.selectable:
            self.selected = i
            self.post_message(self.Discard(tile))
        elif self.selectable:  # the player's turn, but not this tile (e.g. kuikae)
            self.post_message(self.Refused(i))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        i = self.index_at(event.x)
        if i >= 0 and self.shown()[i] in self.selectable and i != self.selected:
            self.selected = i
