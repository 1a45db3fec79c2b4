"""TextLines (app.widgets.lines) draws a widget's Rich Text as Textual draws it (issue 13: the
table's widgets draw through it for a server's CPU): the same characters with the same styles,
less only the place Textual puts in each style for text selection; what it would not draw the
same (a line wider than the widget, an alignment, a tab) is drawn by Textual itself."""

import asyncio

import pytest
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from app.widgets.lines import TextLines


def _cells(strips: list[Strip]) -> list[list[tuple[str, RichStyle | None]]]:
    """Each line as runs of one style (the place for text selection left out)."""
    return [[(text, style) for text, style, _c in Segment.simplify(
                Segment(text, style.clear_meta_and_links() if style else style)
                for text, style, _c in strip) if text]
            for strip in strips]


def _as_textual(widget: Widget, visual: TextLines) -> tuple[list, list]:
    width, height = widget.size
    ours = Visual.to_strips(widget, visual, width, height, widget.visual_style)
    content = Content.from_rich_text(visual.text, console=widget.app.console)
    theirs = Visual.to_strips(widget, content, width, height, widget.visual_style)
    return _cells(ours), _cells(theirs)


class Shown(Widget):
    """A widget that shows ``text`` through TextLines, muted on a translucent background (the
    colours whose blending Textual does its own way)."""

    DEFAULT_CSS = """
    Shown { height: 4; width: 20; color: $text-muted; background: $boost; }
    Shown.-right { text-align: right; }
    Shown.-nowrap { text-wrap: nowrap; text-overflow: clip; }
    """

    def __init__(self, text: Text, classes: str = "") -> None:
        super().__init__(classes=classes)
        self.text = text

    def render(self) -> TextLines:
        return TextLines(self.text)


def _texts() -> list[Text]:
    overlapping = Text("tile 5m and 中 chun")
    overlapping.stylize("bold", 0, 9)
    overlapping.stylize(RichStyle(color="red", dim=True), 5, 12)
    overlapping.stylize("reverse", 8, 14)
    own = Text("own style\n\nthird", style="italic")
    own.stylize(RichStyle(bgcolor="#202020"), 4, 9)
    rich_own = Text("rich own", style=RichStyle(underline=True, color="green"))
    rich_own.stylize("strike", 0, 4)
    wide = Text("a line much wider than the widget is")  # Textual wraps or cuts it
    wide.stylize("bold", 2, 6)
    return [overlapping, own, rich_own, wide, Text(""), Text("tab\there"), Text("plain")]


@pytest.mark.parametrize("classes", ["", "-right", "-nowrap"])
def test_any_text_looks_as_textual_draws_it(classes, monkeypatch):
    """Spans over spans, a Text's own style (a string, a Rich style), blank lines, wide
    characters, on a muted colour over a translucent background; the line wider than the
    widget, the tab and a right alignment through Textual's own drawing."""
    textual = []
    original = TextLines._textual
    monkeypatch.setattr(TextLines, "_textual",
                        lambda self, *args: textual.append(id(self.text)) or original(self, *args))

    async def run():
        texts = _texts()

        class Sample(App):
            def compose(self):
                for text in texts:
                    yield Shown(text, classes)

        app = Sample()
        async with app.run_test(size=(40, 40)) as pilot:
            await pilot.pause()
            for widget in app.query(Shown):
                ours, theirs = _as_textual(widget, widget.render())
                assert ours == theirs, widget.text
            # drawn by Textual: the wide line and the tab, or every text aligned right
            assert len(set(textual)) == (len(texts) if classes == "-right" else 2)

    asyncio.run(run())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_table_widget_looks_as_textual_draws_it(size):
    """Seat lines, melds, rivers, the hand (with the practice hints), the score bar, the
    centre and the footer, after a few turns of a seeded game."""
    from test_table_updates import _feed, _table, recorded

    from app.app import RiichiApp
    from app.options import PlayOptions
    from app.storage.settings import Settings

    async def run():
        app = RiichiApp(PlayOptions(save=False, speed="fast"), settings=Settings(hints=True))
        async with app.run_test(size=size) as pilot:
            screen = await _table(pilot, app)
            for kind, message in recorded(40):
                await _feed(pilot, screen, kind, message)
            drawn = [w for w in screen.query(Widget) if isinstance(w.render(), TextLines)]
            assert len(drawn) >= 15
            for widget in drawn:
                ours, theirs = _as_textual(widget, widget.render())
                assert ours == theirs, widget.id
                assert not widget.allow_select

    asyncio.run(run())
