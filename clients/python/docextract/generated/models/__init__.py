"""Contains all the data models used in inputs/outputs"""

from __future__ import annotations

from .api_error_response import ApiErrorResponse
from .api_error_response_detail_type_1_item import ApiErrorResponseDetailType1Item
from .api_error_response_detail_type_2 import ApiErrorResponseDetailType2
from .batch_event_payload import BatchEventPayload
from .batch_event_payload_type import BatchEventPayloadType
from .batch_request_counts import BatchRequestCounts
from .batch_response import BatchResponse
from .batch_response_kind import BatchResponseKind
from .batch_response_metadata import BatchResponseMetadata
from .batch_result_line import BatchResultLine
from .batch_result_line_status import BatchResultLineStatus
from .batch_status import BatchStatus
from .create_batch_request_type_0 import CreateBatchRequestType0
from .create_batch_request_type_1 import CreateBatchRequestType1
from .create_extraction_job_request import CreateExtractionJobRequest
from .create_parse_job_request import CreateParseJobRequest
from .definition_source import DefinitionSource
from .delete_batch_response_202 import DeleteBatchResponse202
from .delete_batch_response_202_status import DeleteBatchResponse202Status
from .diagnostic import Diagnostic
from .diagnostic_code import DiagnosticCode
from .error_code import ErrorCode
from .example import Example
from .example_input import ExampleInput
from .example_input_input import ExampleInputInput
from .example_input_input_type import ExampleInputInputType
from .example_input_output import ExampleInputOutput
from .example_output import ExampleOutput
from .extraction_job_response import ExtractionJobResponse
from .extraction_result import ExtractionResult
from .extraction_result_data import ExtractionResultData
from .extraction_result_provenance import ExtractionResultProvenance
from .extractor_definition_input import ExtractorDefinitionInput
from .extractor_definition_input_schema import ExtractorDefinitionInputSchema
from .extractor_response import ExtractorResponse
from .extractor_response_schema import ExtractorResponseSchema
from .extractor_update_input import ExtractorUpdateInput
from .extractor_update_input_schema import ExtractorUpdateInputSchema
from .file_response import FileResponse
from .file_response_media_type import FileResponseMediaType
from .file_upload import FileUpload
from .get_api_reference_asset_asset import GetApiReferenceAssetAsset
from .get_batch_results_csv_status import GetBatchResultsCsvStatus
from .get_batch_results_status import GetBatchResultsStatus
from .get_open_api_document_response_200_type_1 import (
    GetOpenApiDocumentResponse200Type1,
)
from .get_studio_asset_asset import GetStudioAssetAsset
from .health_response import HealthResponse
from .http_validation_error import HTTPValidationError
from .job_error import JobError
from .job_error_code import JobErrorCode
from .job_retry import JobRetry
from .job_status import JobStatus
from .output_format import OutputFormat
from .page_box import PageBox
from .parse_job_response import ParseJobResponse
from .parse_job_summary_response import ParseJobSummaryResponse
from .parse_page import ParsePage
from .parse_progress import ParseProgress
from .parse_result import ParseResult
from .parse_result_summary import ParseResultSummary
from .parser_create_input import ParserCreateInput
from .parser_definition_input import ParserDefinitionInput
from .parser_response import ParserResponse
from .parser_snapshot_response import ParserSnapshotResponse
from .parser_update_input import ParserUpdateInput
from .provider_models_response import ProviderModelsResponse
from .provider_name import ProviderName
from .provider_response import ProviderResponse
from .provider_response_configuration import ProviderResponseConfiguration
from .provider_update_input import ProviderUpdateInput
from .provider_update_input_configuration import ProviderUpdateInputConfiguration
from .readiness_response import ReadinessResponse
from .readiness_response_checks import ReadinessResponseChecks
from .readiness_response_checks_database import ReadinessResponseChecksDatabase
from .readiness_response_checks_temporal import ReadinessResponseChecksTemporal
from .readiness_response_status import ReadinessResponseStatus
from .reasoning_effort import ReasoningEffort
from .schema_validation_request import SchemaValidationRequest
from .schema_validation_request_schema import SchemaValidationRequestSchema
from .schema_validation_response import SchemaValidationResponse
from .schema_validation_response_canonical_schema_type_0 import (
    SchemaValidationResponseCanonicalSchemaType0,
)
from .stored_example_input import StoredExampleInput
from .stored_example_input_type import StoredExampleInputType
from .token_usage import TokenUsage
from .validation_error import ValidationError
from .validation_error_ctx import ValidationErrorCtx
from .value_conflict import ValueConflict
from .value_conflict_values_item import ValueConflictValuesItem
from .value_provenance import ValueProvenance
from .webhook_delivery_response import WebhookDeliveryResponse
from .webhook_endpoint_create_input import WebhookEndpointCreateInput
from .webhook_endpoint_response import WebhookEndpointResponse
from .webhook_endpoint_update_input import WebhookEndpointUpdateInput
from .webhook_endpoint_with_secret import WebhookEndpointWithSecret
from .webhook_event_payload import WebhookEventPayload
from .webhook_event_type import WebhookEventType

__all__ = (
    "ApiErrorResponse",
    "ApiErrorResponseDetailType1Item",
    "ApiErrorResponseDetailType2",
    "BatchEventPayload",
    "BatchEventPayloadType",
    "BatchRequestCounts",
    "BatchResponse",
    "BatchResponseKind",
    "BatchResponseMetadata",
    "BatchResultLine",
    "BatchResultLineStatus",
    "BatchStatus",
    "CreateBatchRequestType0",
    "CreateBatchRequestType1",
    "CreateExtractionJobRequest",
    "CreateParseJobRequest",
    "DefinitionSource",
    "DeleteBatchResponse202",
    "DeleteBatchResponse202Status",
    "Diagnostic",
    "DiagnosticCode",
    "ErrorCode",
    "Example",
    "ExampleInput",
    "ExampleInputInput",
    "ExampleInputInputType",
    "ExampleInputOutput",
    "ExampleOutput",
    "ExtractionJobResponse",
    "ExtractionResult",
    "ExtractionResultData",
    "ExtractionResultProvenance",
    "ExtractorDefinitionInput",
    "ExtractorDefinitionInputSchema",
    "ExtractorResponse",
    "ExtractorResponseSchema",
    "ExtractorUpdateInput",
    "ExtractorUpdateInputSchema",
    "FileResponse",
    "FileResponseMediaType",
    "FileUpload",
    "GetApiReferenceAssetAsset",
    "GetBatchResultsCsvStatus",
    "GetBatchResultsStatus",
    "GetOpenApiDocumentResponse200Type1",
    "GetStudioAssetAsset",
    "HTTPValidationError",
    "HealthResponse",
    "JobError",
    "JobErrorCode",
    "JobRetry",
    "JobStatus",
    "OutputFormat",
    "PageBox",
    "ParseJobResponse",
    "ParseJobSummaryResponse",
    "ParsePage",
    "ParseProgress",
    "ParseResult",
    "ParseResultSummary",
    "ParserCreateInput",
    "ParserDefinitionInput",
    "ParserResponse",
    "ParserSnapshotResponse",
    "ParserUpdateInput",
    "ProviderModelsResponse",
    "ProviderName",
    "ProviderResponse",
    "ProviderResponseConfiguration",
    "ProviderUpdateInput",
    "ProviderUpdateInputConfiguration",
    "ReadinessResponse",
    "ReadinessResponseChecks",
    "ReadinessResponseChecksDatabase",
    "ReadinessResponseChecksTemporal",
    "ReadinessResponseStatus",
    "ReasoningEffort",
    "SchemaValidationRequest",
    "SchemaValidationRequestSchema",
    "SchemaValidationResponse",
    "SchemaValidationResponseCanonicalSchemaType0",
    "StoredExampleInput",
    "StoredExampleInputType",
    "TokenUsage",
    "ValidationError",
    "ValidationErrorCtx",
    "ValueConflict",
    "ValueConflictValuesItem",
    "ValueProvenance",
    "WebhookDeliveryResponse",
    "WebhookEndpointCreateInput",
    "WebhookEndpointResponse",
    "WebhookEndpointUpdateInput",
    "WebhookEndpointWithSecret",
    "WebhookEventPayload",
    "WebhookEventType",
)
