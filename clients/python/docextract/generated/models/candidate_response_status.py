from __future__ import annotations

from enum import Enum


class CandidateResponseStatus(str, Enum):
    CANCELED = "canceled"
    FAILED = "failed"
    PASSED = "passed"
    REGRESSED = "regressed"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
