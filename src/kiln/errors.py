"""Errors kiln raises. Compile-time errors carry the user's source location."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SourceLoc:
    """A position in the user's source: file, 1-based line, 0-based column."""

    file: str
    line: int
    col: int
    source_line: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col + 1}"


UNKNOWN_LOC = SourceLoc("<unknown>", 0, 0)


class KilnError(Exception):
    """Base class of every error kiln raises on its own account."""


class LocatedError(KilnError):
    """An error that points at a place in the user's source."""

    def __init__(self, message: str, loc: SourceLoc | None = None, hint: str = "") -> None:
        self.message = message
        self.loc = loc or UNKNOWN_LOC
        self.hint = hint
        super().__init__(self._render())

    def _render(self) -> str:
        text = f"{self.loc}: {self.message}"
        if self.loc.source_line:
            text += f"\n    {self.loc.source_line.rstrip()}\n    {' ' * self.loc.col}^"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class UnsupportedError(LocatedError, NotImplementedError):
    """The function uses a construct kiln cannot compile (yet)."""


class TypingError(LocatedError, TypeError):
    """The function's operations do not type-check (as NumPy would refuse them)."""


class ToolchainError(KilnError, RuntimeError):
    """No usable C compiler (or OpenMP, or Python headers) was found."""


class CompilerFailure(KilnError, RuntimeError):
    """The C compiler rejected code kiln generated: a bug in kiln, reported with the log."""
