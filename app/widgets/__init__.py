"""Table widgets. Each renders from reactives that its screen sets and posts a message when the
player acts; none of them touches the engine (they read tiles, melds and river entries as plain
data and draw them with the app's ``Painter``)."""

from app.widgets.callbar import CallBar, CallOption
from app.widgets.choice import Choice
from app.widgets.footer import KeyFooter
from app.widgets.hand import HandView, TileHint
from app.widgets.melds import MeldsView
from app.widgets.river import RiverView
from app.widgets.scorebar import ScoreBar, ScoreInfo
from app.widgets.seat import SeatInfo, SeatLine

__all__ = [
    "CallBar",
    "CallOption",
    "Choice",
    "HandView",
    "KeyFooter",
    "MeldsView",
    "RiverView",
    "ScoreBar",
    "ScoreInfo",
    "SeatInfo",
    "SeatLine",
    "TileHint",
]
