"""Everything riichi keeps on disk: paths, crash-safe writes, the autosave journal, the history
database and the settings. Standard library plus platformdirs and tomli_w; never Textual.

Every loader returns warnings (strings for the player) instead of raising on a bad file: the
bad file is moved aside as ``<name>.bad`` (numbered if one exists) and defaults are used.
"""
