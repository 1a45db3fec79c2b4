"""Package data for the interface: tile glyph sets (``glyphs/``), colour themes (``themes/``) and
the texts in every language (``i18n/``). Data only; ``app`` reads it with ``importlib.resources``."""
