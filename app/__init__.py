"""The terminal interface (Textual) and the command line."""

from importlib import resources as _resources
from importlib.resources.abc import Traversable as _Traversable
from pathlib import Path as _Path


def assets() -> _Traversable:
    """The ``assets/`` folder (tile glyphs, themes, texts): inside the installed ``app`` package
    in a wheel, the repository's top-level ``assets/`` in a checkout or an editable install. It
    is never a top-level package of its own, so it neither clashes with another distribution's
    ``assets`` nor goes stale in site-packages while the checkout's files change."""
    packaged = _resources.files(__name__).joinpath("assets")
    if packaged.is_dir():
        return packaged
    return _Path(__file__).resolve().parent.parent / "assets"
