"""KeyFooter: the table's footer, Textual's compact ``Footer`` drawn by one widget.

Textual's ``Footer`` is a container with a widget per key, recomposed (every key removed,
mounted and styled again) whenever its screen calls ``refresh_bindings``. The table calls that
after every update, and the keys do change on each of the player's turns (select and discard
come, then go): mounting and removing key widgets, and the layout pass of the whole screen each
one asks for, was most of the table's CPU for a turn and a key (``benchmarks/
bench_table_screen.py``), which a server pays for every screen at every table. KeyFooter shows
the same line (each key's text and colours as a compact ``FooterKey`` draws them, the same
spaces between them, a group of keys and its label as ``Footer`` shows them, a key lit under
the mouse, a click pressing its key) as one line of text: a change of keys repaints one line,
never lays the screen out, and the same keys repaint nothing.

Its colours and spacing follow ``Footer``'s and ``FooterKey``'s CSS (the component classes
below repeat them); tests/app/test_table_updates.py compares it with a real ``Footer``. There
is no command palette key (the app has no command palette).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.color import Color
from textual.screen import Screen
from textual.widget import Widget

from app.widgets.lines import TextLines

#: Cells between the top-level entries of a compact footer (``Footer.-compact FooterKey``'s
#: right margin; a compact group's too), and the blank before a compact group's first key.
GAP = 1


@dataclass(frozen=True)
class FooterEntry:
    """A key the footer shows (``grouped``: one of a group's keys, shown without its
    description), or a group's ``label`` (``key`` empty), and the cells it takes on the line
    (``x0`` to ``x1``, before any scrolling)."""

    key: str
    key_display: str
    description: str
    action: str
    disabled: bool = False
    tooltip: str = ""
    grouped: bool = False
    compact_group: bool = False  # a key of a compact group
    label: bool = False
    x0: int = 0
    x1: int = 0


class KeyFooter(Widget):
    """The screen's keys on one line, as a compact ``Footer`` shows them. ``entries`` are the
    shown keys with their places; they change (and the line is drawn again) only when the keys
    do."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "key-footer--item",
        "key-footer--hover",
        "key-footer--disabled",
        "key-footer--key",
        "key-footer--description",
        "key-footer--label",
    }
    # Footer's, FooterKey's (compact) and FooterLabel's rules, as component classes.
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .key-footer--item {
            background: $footer-item-background;
        }
        & > .key-footer--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        & > .key-footer--disabled {
            text-style: dim;
        }
        & > .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
            padding: 0;
        }
        & > .key-footer--description {
            padding: 0 0 0 1;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .key-footer--label {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        &.-on-key {
            pointer: pointer;
        }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.entries: tuple[FooterEntry, ...] = ()
        self._hover: int | None = None  # the index of the entry under the mouse
        self._scroll = 0  # cells scrolled to the right (keys wider than the line)
        self._styles: dict[tuple[str, bool, bool], Style] = {}  # composed component styles

    # --- the keys ----------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.call_after_refresh(self.update_keys)

    def bindings_changed(self, screen: Screen) -> None:
        # At once, not after the next refresh as Footer does: the keys' line is then drawn in
        # the same frame as the change that moved them, not in a second one.
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.update_keys()

    def update_keys(self) -> None:
        """Show the screen's active keys; nothing is drawn again if they are the same."""
        if not self.is_attached or self._pruning or self.screen._pruning:
            return  # going away (its screen asked then would find its widgets gone)
        entries = tuple(_placed(self._entries()))
        if entries != self.entries:
            self.entries = entries
            self._hover = None
            self._scroll = min(self._scroll, self._widest())
            self.refresh()

    def _entries(self) -> Iterable[FooterEntry]:
        """The entries ``Footer.compose`` makes: the first shown binding of each action, in
        order; several bindings of one group in a row as the group's keys and its label."""
        app = self.app
        first: dict[str, tuple[Binding, bool, str]] = {}
        for (_node, binding, enabled, tooltip) in self.screen.active_bindings.values():
            if binding.show and binding.action not in first:
                first[binding.action] = (binding, enabled, tooltip)
        keys = list(first.values())
        i = 0
        while i < len(keys):
            group = keys[i][0].group
            j = i + 1
            while group is not None and j < len(keys) and keys[j][0].group == group:
                j += 1
            if group is None or j - i == 1:
                binding, enabled, tooltip = keys[i]
                yield FooterEntry(binding.key, app.get_key_display(binding), binding.description,
                                  binding.action, not enabled, tooltip)
            else:
                for binding, enabled, tooltip in keys[i:j]:
                    yield FooterEntry(binding.key, app.get_key_display(binding), "",
                                      binding.action, not enabled,
                                      tooltip or binding.description, grouped=True,
                                      compact_group=group.compact)
                yield FooterEntry("", "", group.description, "", label=True)
            i = j

    # --- drawing -----------------------------------------------------------------------------
    def notify_style_update(self) -> None:
        self._styles.clear()
        super().notify_style_update()

    def _style(self, part: str, hover: bool, disabled: bool) -> Style:
        """The Rich style ``FooterKey`` gives ``part`` ("" the key itself, "key",
        "description") of a key lit or not, enabled or not; or a group's label ("label"): the
        node styles from the app down to this footer, then the key's, then the part's,
        composed as ``DOMNode.rich_style`` composes a node's."""
        cached = self._styles.get((part, hover, disabled))
        if cached is not None:
            return cached
        chain: list[Any] = [node.styles for node in reversed(self.ancestors_with_self)]
        if part == "label":
            chain.append(self.get_component_styles("key-footer--label"))
        else:
            names = ["key-footer--item"]
            if hover:
                names.append("key-footer--hover")
            if disabled:
                names.append("key-footer--disabled")
            chain.append(self.get_component_styles(*names))
            if part:
                chain.append(self.get_component_styles(f"key-footer--{part}"))
        style = self._styles[(part, hover, disabled)] = _composed(chain)
        return style

    def entry_text(self, entry: FooterEntry, hover: bool = False) -> Text:
        """An entry's text as ``FooterKey.render`` (or a group's ``FooterLabel``) makes it."""
        if entry.label:
            return Text(entry.description, style=self._style("label", False, False))
        on = (hover, entry.disabled)
        key_style = self._style("key", *on)
        if entry.description:
            pad_key = self.get_component_styles("key-footer--key").padding
            pad_text = self.get_component_styles("key-footer--description").padding
            out = Text.assemble(
                (" " * pad_key.left + entry.key_display + " " * pad_key.right, key_style),
                (" " * pad_text.left + entry.description + " " * pad_text.right,
                 self._style("description", *on)))
        else:
            out = Text.assemble((entry.key_display, key_style))
        out.stylize_before(self._style("", *on))
        return out

    def render(self) -> TextLines:
        out = Text()
        x = 0
        for i, entry in enumerate(self.entries):
            if entry.x0 > x:
                out.append(" " * (entry.x0 - x))  # the footer's own colours between entries
            out.append_text(self.entry_text(entry, i == self._hover))
            x = entry.x1
        if self._scroll:
            out = _cells_from(out, self._scroll)
        out.no_wrap = True
        out.overflow = "crop"
        return TextLines(out)

    def _widest(self) -> int:
        """How far the line may scroll: the cells it has beyond the footer's width."""
        end = self.entries[-1].x1 if self.entries else 0
        return max(0, end - self.size.width)

    # --- the mouse ---------------------------------------------------------------------------
    def entry_at(self, x: int) -> int | None:
        """The index of the key at cell ``x`` of the footer, if any."""
        x += self._scroll
        for i, entry in enumerate(self.entries):
            if entry.key and entry.x0 <= x < entry.x1:
                return i
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._light(self.entry_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._light(None)

    def _light(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.tooltip = (self.entries[index].tooltip or None) if index is not None else None
            self.set_class(index is not None, "-on-key")
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self.entry_at(event.x)
        if index is None:
            return
        entry = self.entries[index]
        if entry.disabled:
            self.app.bell()
        else:
            self.app.simulate_key(entry.key)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scroll_by(event, +1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scroll_by(event, -1)

    def _scroll_by(self, event: events.MouseEvent, sign: int) -> None:
        """Keys wider than the line scroll sideways under the wheel, as Footer's do."""
        step = max(1, round(self.app.scroll_sensitivity_x))
        scroll = min(max(0, self._scroll + sign * step), self._widest())
        if scroll != self._scroll:
            self._scroll = scroll
            self._hover = None
            self.refresh()
            event.stop()
            event.prevent_default()


def _placed(entries: Iterable[FooterEntry]) -> Iterable[FooterEntry]:
    """``entries`` with their cells on the line, as Footer's horizontal layout places its
    compact children: a key with ``GAP`` after it; a group's keys in a box (a compact group's:
    a blank before its keys, none between them, ``GAP`` after the box; another group's: a cell
    each side of each key, shared between two keys); a group's label with no margin. Two
    margins side by side are one, the wider (Textual's layout)."""
    from dataclasses import replace

    boxes: list[tuple[int, int, list[tuple[int, FooterEntry]]]] = []  # margins, (x, entry)
    for entry in entries:
        if not entry.grouped:
            boxes.append((0, 0 if entry.label else GAP, [(0, entry)]))
            continue
        if not (boxes and boxes[-1][2][-1][1].grouped):
            boxes.append((0, GAP if entry.compact_group else 0, []))
        keys = boxes[-1][2]
        if entry.compact_group:
            x = keys[-1][0] + _width(keys[-1][1]) if keys else GAP  # the group's padding
        else:
            x = keys[-1][0] + _width(keys[-1][1]) + 1 if keys else 1
        keys.append((x, entry))
    x = boxes[0][0] if boxes else 0
    for i, (_left, right, keys) in enumerate(boxes):
        for at, entry in keys:
            yield replace(entry, x0=x + at, x1=x + at + _width(entry))
        last_at, last = keys[-1]
        width = last_at + _width(last) + (0 if last.compact_group or not last.grouped else 1)
        following = boxes[i + 1][0] if i + 1 < len(boxes) else 0
        x += width + max(right, following)


def _cells_from(text: Text, cells: int) -> Text:
    """``text`` without its first ``cells`` cells (a wide character cut in two: a blank)."""
    from rich.cells import get_character_cell_size

    used = 0
    for index, char in enumerate(text.plain):
        if used >= cells:
            return text[index:]
        used += get_character_cell_size(char)
        if used > cells:  # the right half of a wide character shows as a blank
            rest = text[index + 1:]
            styles = [span.style for span in text.spans if span.start <= index < span.end]
            blank = Text(" ", style=Style.combine(s for s in styles if isinstance(s, Style)))
            return Text.assemble(blank, rest)
    return Text()


def _width(entry: FooterEntry) -> int:
    """Cells of an entry's text (``KeyFooter.entry_text``; compact paddings)."""
    from rich.cells import cell_len

    if entry.label:
        return cell_len(entry.description)
    if entry.description:
        return cell_len(entry.key_display) + 1 + cell_len(entry.description)
    return cell_len(entry.key_display)


def _composed(chain: Sequence[Any]) -> Style:
    """The Rich style of a node whose styles and ancestors' are ``chain`` (root first), as
    ``DOMNode.rich_style`` computes it."""
    background = Color(0, 0, 0, 0)
    color = Color(255, 255, 255, 0)
    style = Style()
    opacity = 1.0
    for styles in chain:
        has_rule = styles.has_rule
        opacity *= styles.opacity
        if has_rule("background"):
            text_background = background + styles.background.tint(styles.background_tint)
            background += styles.background.tint(styles.background_tint).multiply_alpha(opacity)
        else:
            text_background = background
        if has_rule("color"):
            color = styles.color
        style += styles.text_style
        if has_rule("auto_color") and styles.auto_color:
            color = text_background.get_contrast_text(color.a)
    return style + Style.from_color(
        (background + color).rich_color if (background.a or color.a) else None,
        background.rich_color if background.a else None,
    )
