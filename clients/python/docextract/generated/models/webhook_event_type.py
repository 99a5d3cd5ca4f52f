from __future__ import annotations

from enum import Enum


class WebhookEventType(str, Enum):
    BATCH_CANCELED = "batch.canceled"
    BATCH_COMPLETED = "batch.completed"
    BATCH_FAILED = "batch.failed"
    CLASSIFICATION_JOB_CANCELED = "classification_job.canceled"
    CLASSIFICATION_JOB_COMPLETED = "classification_job.completed"
    CLASSIFICATION_JOB_FAILED = "classification_job.failed"
    EXTRACTION_JOB_CANCELED = "extraction_job.canceled"
    EXTRACTION_JOB_COMPLETED = "extraction_job.completed"
    EXTRACTION_JOB_FAILED = "extraction_job.failed"
    EXTRACTION_JOB_REVIEW_COMPLETED = "extraction_job.review_completed"
    EXTRACTION_JOB_REVIEW_REQUIRED = "extraction_job.review_required"
    PARSE_JOB_CANCELED = "parse_job.canceled"
    PARSE_JOB_COMPLETED = "parse_job.completed"
    PARSE_JOB_FAILED = "parse_job.failed"

    def __str__(self) -> str:
        return str(self.value)
