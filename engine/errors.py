"""Errors raised by the engine: every one is a ``ValueError`` that says what was wrong."""


class RulesError(ValueError):
    """Something the rules do not allow, or input the engine cannot read."""


class InvalidNotation(RulesError):
    """A tile, hand or meld string that is not valid mpsz notation."""


class IllegalAction(RulesError):
    """An action the table refuses; the message names the action, the seat and the situation."""
