"""The terminal interface (Textual) and the command line."""
