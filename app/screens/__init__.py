"""Screens: title, setup, settings, rules & yaku, help, table, round result (modal), game over,
and the too-small notice."""
