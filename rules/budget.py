"""Work bounds: every search of a request spends from one :class:`Budget` and stops past it.

A search that runs out raises :class:`WorkExceeded`; the caller answers with an
:class:`~rules.violations.InputError` that says the question is too large, so an answer is exact
or there is none.
"""
from __future__ import annotations


class WorkExceeded(Exception):
    """A search ran past its work bound."""


class Budget:
    """A bound on search steps, shared by the searches of one request."""

    __slots__ = ("left",)

    def __init__(self, steps: int):
        self.left = steps

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < 0:
            raise WorkExceeded

