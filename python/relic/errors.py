"""The exceptions relic raises.

Every one carries the diagnostic text as relic prints it (``text``, also
``str(error)``) and the stable diagnostic codes (``codes``; ``code`` is the
first), which ``relic explain CODE`` describes.
"""

from __future__ import annotations

from typing import Iterable, List, Optional


class RelicError(Exception):
    """Something relic refused: ``text`` says what, ``codes`` which problems."""

    def __init__(self, text: str, codes: Iterable[str] = ()) -> None:
        super().__init__(text)
        self.text: str = text
        self.codes: List[str] = list(codes)

    @property
    def code(self) -> Optional[str]:
        """The first diagnostic code, or ``None``."""
        return self.codes[0] if self.codes else None


class RulesetError(RelicError, ValueError):
    """A ruleset that cannot be loaded: every problem, rendered."""


class SetupError(RelicError, ValueError):
    """A setup file (board, level file, configuration) that cannot be used."""


class NotationError(RelicError, ValueError):
    """Text that is not an action in the game's notation."""


class IllegalActionError(RelicError, ValueError):
    """An action the position refuses; ``text`` is the game's reason."""


class SimError(RelicError):
    """A study that cannot run (its options, ruleset, setup or strategies)."""


__all__ = [
    "RelicError",
    "RulesetError",
    "SetupError",
    "NotationError",
    "IllegalActionError",
    "SimError",
]
