"""Subcommands of ``riichi``: each module here defines ``NAME``, ``HELP``, ``add_arguments(parser)``
and ``run(args) -> int``. The command line discovers them, so a new command is a new module.
Modules import heavy things (Textual) inside ``run`` so that ``riichi score`` starts fast."""
