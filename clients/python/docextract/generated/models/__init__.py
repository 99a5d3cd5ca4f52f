"""Contains all the data models used in inputs/outputs"""

from __future__ import annotations

from .api_error_response import ApiErrorResponse
from .api_error_response_detail_type_1_item import ApiErrorResponseDetailType1Item
from .api_error_response_detail_type_2 import ApiErrorResponseDetailType2
from .audit_event import AuditEvent
from .audit_event_detail_type_0 import AuditEventDetailType0
from .batch_bucket_prefix import BatchBucketPrefix
from .batch_chunk_line import BatchChunkLine
from .batch_destination import BatchDestination
from .batch_event_payload import BatchEventPayload
from .batch_event_payload_type import BatchEventPayloadType
from .batch_request_counts import BatchRequestCounts
from .batch_response import BatchResponse
from .batch_response_kind import BatchResponseKind
from .batch_response_metadata import BatchResponseMetadata
from .batch_response_source_type_0 import BatchResponseSourceType0
from .batch_result_line import BatchResultLine
from .batch_result_line_confidence_type_0 import BatchResultLineConfidenceType0
from .batch_result_line_status import BatchResultLineStatus
from .batch_review_counts import BatchReviewCounts
from .batch_status import BatchStatus
from .block import Block
from .block_box import BlockBox
from .block_table import BlockTable
from .block_type import BlockType
from .candidate_create_input import CandidateCreateInput
from .candidate_promote_input import CandidatePromoteInput
from .candidate_response import CandidateResponse
from .candidate_response_changes import CandidateResponseChanges
from .candidate_response_error_type_0 import CandidateResponseErrorType0
from .candidate_response_status import CandidateResponseStatus
from .chunk import Chunk
from .chunk_list import ChunkList
from .chunk_list_tokenizer import ChunkListTokenizer
from .classification_job_response import ClassificationJobResponse
from .classification_job_response_mode import ClassificationJobResponseMode
from .classification_result import ClassificationResult
from .classification_review import ClassificationReview
from .classification_review_approve_request import ClassificationReviewApproveRequest
from .classification_review_event import ClassificationReviewEvent
from .classification_review_event_action import ClassificationReviewEventAction
from .classification_review_patch_request import ClassificationReviewPatchRequest
from .classification_segment import ClassificationSegment
from .classified_page import ClassifiedPage
from .classifier_class import ClassifierClass
from .classifier_definition_input import ClassifierDefinitionInput
from .classifier_evaluation_report import ClassifierEvaluationReport
from .classifier_evaluation_report_boundaries import (
    ClassifierEvaluationReportBoundaries,
)
from .classifier_evaluation_report_confusion_matrix import (
    ClassifierEvaluationReportConfusionMatrix,
)
from .classifier_evaluation_report_item_results_item import (
    ClassifierEvaluationReportItemResultsItem,
)
from .classifier_evaluation_report_item_results_item_error_type_0 import (
    ClassifierEvaluationReportItemResultsItemErrorType0,
)
from .classifier_response import ClassifierResponse
from .create_batch_request_type_0 import CreateBatchRequestType0
from .create_batch_request_type_1 import CreateBatchRequestType1
from .create_batch_request_type_2 import CreateBatchRequestType2
from .create_classification_job_request_type_1 import (
    CreateClassificationJobRequestType1,
)
from .create_extraction_job_request import CreateExtractionJobRequest
from .create_parse_job_request import CreateParseJobRequest
from .create_schema_suggestion_request_type_0 import CreateSchemaSuggestionRequestType0
from .create_schema_suggestion_request_type_0_provider_name_type_1 import (
    CreateSchemaSuggestionRequestType0ProviderNameType1,
)
from .create_schema_suggestion_request_type_1 import CreateSchemaSuggestionRequestType1
from .date_order_rule import DateOrderRule
from .date_order_rule_kind import DateOrderRuleKind
from .definition_source import DefinitionSource
from .delete_batch_response_202 import DeleteBatchResponse202
from .delete_batch_response_202_status import DeleteBatchResponse202Status
from .diagnostic import Diagnostic
from .diagnostic_code import DiagnosticCode
from .direct_upload_request import DirectUploadRequest
from .direct_upload_ticket import DirectUploadTicket
from .direct_upload_ticket_headers import DirectUploadTicketHeaders
from .direct_upload_ticket_method import DirectUploadTicketMethod
from .document_blocks import DocumentBlocks
from .document_blocks_pages_item import DocumentBlocksPagesItem
from .document_table import DocumentTable
from .equals_rule import EqualsRule
from .equals_rule_kind import EqualsRuleKind
from .error_code import ErrorCode
from .evaluation_calibration import EvaluationCalibration
from .evaluation_calibration_buckets_item import EvaluationCalibrationBucketsItem
from .evaluation_calibration_thresholds_item import EvaluationCalibrationThresholdsItem
from .evaluation_comparison import EvaluationComparison
from .evaluation_comparison_fields import EvaluationComparisonFields
from .evaluation_comparison_fields_additional_property import (
    EvaluationComparisonFieldsAdditionalProperty,
)
from .evaluation_item_from_job_input import EvaluationItemFromJobInput
from .evaluation_item_input import EvaluationItemInput
from .evaluation_item_replace_input import EvaluationItemReplaceInput
from .evaluation_item_report import EvaluationItemReport
from .evaluation_item_report_error_type_0 import EvaluationItemReportErrorType0
from .evaluation_item_response import EvaluationItemResponse
from .evaluation_item_response_expected_output_type_0 import (
    EvaluationItemResponseExpectedOutputType0,
)
from .evaluation_leaf_change import EvaluationLeafChange
from .evaluation_metrics import EvaluationMetrics
from .evaluation_mismatch import EvaluationMismatch
from .evaluation_options import EvaluationOptions
from .evaluation_report import EvaluationReport
from .evaluation_report_fields import EvaluationReportFields
from .evaluation_report_rules_item import EvaluationReportRulesItem
from .evaluation_report_rules_item_kind import EvaluationReportRulesItemKind
from .evaluation_run_create_input import EvaluationRunCreateInput
from .evaluation_run_response import EvaluationRunResponse
from .evaluation_run_response_classifier_snapshot_type_0 import (
    EvaluationRunResponseClassifierSnapshotType0,
)
from .evaluation_run_response_extractor_snapshot_type_0 import (
    EvaluationRunResponseExtractorSnapshotType0,
)
from .evaluation_run_response_options import EvaluationRunResponseOptions
from .evaluation_run_response_progress import EvaluationRunResponseProgress
from .evaluation_run_status import EvaluationRunStatus
from .evaluation_set_create_input import EvaluationSetCreateInput
from .evaluation_set_response import EvaluationSetResponse
from .example import Example
from .example_input import ExampleInput
from .example_input_input import ExampleInputInput
from .example_input_input_type import ExampleInputInputType
from .example_output import ExampleOutput
from .expected_segments_item import ExpectedSegmentsItem
from .extraction_job_event import ExtractionJobEvent
from .extraction_job_event_event import ExtractionJobEventEvent
from .extraction_job_response import ExtractionJobResponse
from .extraction_result import ExtractionResult
from .extraction_result_confidence_type_0 import ExtractionResultConfidenceType0
from .extraction_result_data import ExtractionResultData
from .extraction_result_provenance import ExtractionResultProvenance
from .extraction_review import ExtractionReview
from .extraction_review_reviewed_data import ExtractionReviewReviewedData
from .extractor_definition_input import ExtractorDefinitionInput
from .extractor_definition_input_examples_strategy import (
    ExtractorDefinitionInputExamplesStrategy,
)
from .extractor_response import ExtractorResponse
from .extractor_response_examples_strategy import ExtractorResponseExamplesStrategy
from .extractor_response_schema import ExtractorResponseSchema
from .extractor_update_input import ExtractorUpdateInput
from .extractor_update_input_examples_strategy import (
    ExtractorUpdateInputExamplesStrategy,
)
from .file_kind import FileKind
from .file_response import FileResponse
from .file_response_converter_type_1 import FileResponseConverterType1
from .file_response_converter_type_2_type_1 import FileResponseConverterType2Type1
from .file_response_converter_type_3_type_1 import FileResponseConverterType3Type1
from .file_response_media_type import FileResponseMediaType
from .file_upload import FileUpload
from .file_warning import FileWarning
from .file_warning_code import FileWarningCode
from .flag_reason_type_0 import FlagReasonType0
from .form_field import FormField
from .form_field_type import FormFieldType
from .get_api_reference_asset_asset import GetApiReferenceAssetAsset
from .get_batch_results_as import GetBatchResultsAs
from .get_batch_results_csv_confidence import GetBatchResultsCsvConfidence
from .get_batch_results_csv_status import GetBatchResultsCsvStatus
from .get_batch_results_status import GetBatchResultsStatus
from .get_open_api_document_response_200_type_1 import (
    GetOpenApiDocumentResponse200Type1,
)
from .get_parse_job_document_format import GetParseJobDocumentFormat
from .get_studio_asset_asset import GetStudioAssetAsset
from .health_response import HealthResponse
from .http_validation_error import HTTPValidationError
from .http_validation_error_code import HTTPValidationErrorCode
from .job_error import JobError
from .job_error_code import JobErrorCode
from .job_retry import JobRetry
from .job_status import JobStatus
from .json_object import JsonObject
from .mcp_error import McpError
from .mcp_error_jsonrpc import McpErrorJsonrpc
from .mcp_error_object import McpErrorObject
from .mcp_event import McpEvent
from .mcp_event_event import McpEventEvent
from .mcp_json_rpc_message import McpJsonRpcMessage
from .mcp_json_rpc_message_error import McpJsonRpcMessageError
from .mcp_json_rpc_message_jsonrpc import McpJsonRpcMessageJsonrpc
from .mcp_notification import McpNotification
from .mcp_notification_jsonrpc import McpNotificationJsonrpc
from .mcp_params import McpParams
from .mcp_params_meta import McpParamsMeta
from .mcp_request import McpRequest
from .mcp_request_jsonrpc import McpRequestJsonrpc
from .mcp_result import McpResult
from .mcp_result_jsonrpc import McpResultJsonrpc
from .output_format import OutputFormat
from .page_box import PageBox
from .page_range import PageRange
from .page_text import PageText
from .page_text_source import PageTextSource
from .page_word import PageWord
from .parse_job_event import ParseJobEvent
from .parse_job_event_event import ParseJobEventEvent
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
from .provider_status_response import ProviderStatusResponse
from .provider_status_response_error_type_1 import ProviderStatusResponseErrorType1
from .provider_update_input import ProviderUpdateInput
from .provider_update_input_configuration import ProviderUpdateInputConfiguration
from .range_rule_type_0 import RangeRuleType0
from .range_rule_type_1 import RangeRuleType1
from .readiness_response import ReadinessResponse
from .readiness_response_checks import ReadinessResponseChecks
from .readiness_response_checks_database import ReadinessResponseChecksDatabase
from .readiness_response_checks_temporal import ReadinessResponseChecksTemporal
from .readiness_response_status import ReadinessResponseStatus
from .reasoning_effort import ReasoningEffort
from .regex_rule import RegexRule
from .regex_rule_kind import RegexRuleKind
from .required_rule import RequiredRule
from .required_rule_kind import RequiredRuleKind
from .review_approve_request import ReviewApproveRequest
from .review_event import ReviewEvent
from .review_event_action import ReviewEventAction
from .review_field_decision_type_0 import ReviewFieldDecisionType0
from .review_field_decision_type_0_action import ReviewFieldDecisionType0Action
from .review_field_decision_type_1 import ReviewFieldDecisionType1
from .review_patch_request import ReviewPatchRequest
from .review_reject_request import ReviewRejectRequest
from .review_status import ReviewStatus
from .review_thresholds import ReviewThresholds
from .reviewed_segment import ReviewedSegment
from .rule_result import RuleResult
from .rule_result_kind import RuleResultKind
from .schema_suggestion_response import SchemaSuggestionResponse
from .schema_suggestion_result import SchemaSuggestionResult
from .schema_suggestion_result_field_notes_item import (
    SchemaSuggestionResultFieldNotesItem,
)
from .schema_suggestion_result_rules_item import SchemaSuggestionResultRulesItem
from .schema_suggestion_result_schema import SchemaSuggestionResultSchema
from .schema_validation_request import SchemaValidationRequest
from .schema_validation_response import SchemaValidationResponse
from .schema_validation_response_canonical_schema_type_0 import (
    SchemaValidationResponseCanonicalSchemaType0,
)
from .segment_flag import SegmentFlag
from .segment_flag_reasons_item import SegmentFlagReasonsItem
from .skipped_attachment import SkippedAttachment
from .stored_example_input import StoredExampleInput
from .stored_example_input_type import StoredExampleInputType
from .suggestion_diagnostic import SuggestionDiagnostic
from .sum_rule import SumRule
from .sum_rule_kind import SumRuleKind
from .thresholds_proposal import ThresholdsProposal
from .thresholds_proposal_fields import ThresholdsProposalFields
from .thresholds_proposal_fields_additional_property import (
    ThresholdsProposalFieldsAdditionalProperty,
)
from .thresholds_request import ThresholdsRequest
from .token_usage import TokenUsage
from .validation_error import ValidationError
from .validation_error_ctx import ValidationErrorCtx
from .value_conflict import ValueConflict
from .value_conflict_values_item import ValueConflictValuesItem
from .value_flag import ValueFlag
from .value_provenance import ValueProvenance
from .value_provenance_cells_item import ValueProvenanceCellsItem
from .webhook_delivery_response import WebhookDeliveryResponse
from .webhook_endpoint_create_input import WebhookEndpointCreateInput
from .webhook_endpoint_response import WebhookEndpointResponse
from .webhook_endpoint_update_input import WebhookEndpointUpdateInput
from .webhook_endpoint_with_secret import WebhookEndpointWithSecret
from .webhook_event_payload import WebhookEventPayload
from .webhook_event_type import WebhookEventType
from .word_box import WordBox
from .workspace import Workspace
from .workspace_create_input import WorkspaceCreateInput
from .workspace_key import WorkspaceKey
from .workspace_key_create_input import WorkspaceKeyCreateInput
from .workspace_key_scope import WorkspaceKeyScope
from .workspace_key_with_secret import WorkspaceKeyWithSecret
from .workspace_quota_fields import WorkspaceQuotaFields
from .workspace_update_input import WorkspaceUpdateInput
from .workspace_usage import WorkspaceUsage
from .workspace_usage_jobs import WorkspaceUsageJobs
from .workspace_usage_jobs_additional_property import (
    WorkspaceUsageJobsAdditionalProperty,
)
from .workspace_usage_month import WorkspaceUsageMonth

__all__ = (
    "ApiErrorResponse",
    "ApiErrorResponseDetailType1Item",
    "ApiErrorResponseDetailType2",
    "AuditEvent",
    "AuditEventDetailType0",
    "BatchBucketPrefix",
    "BatchChunkLine",
    "BatchDestination",
    "BatchEventPayload",
    "BatchEventPayloadType",
    "BatchRequestCounts",
    "BatchResponse",
    "BatchResponseKind",
    "BatchResponseMetadata",
    "BatchResponseSourceType0",
    "BatchResultLine",
    "BatchResultLineConfidenceType0",
    "BatchResultLineStatus",
    "BatchReviewCounts",
    "BatchStatus",
    "Block",
    "BlockBox",
    "BlockTable",
    "BlockType",
    "CandidateCreateInput",
    "CandidatePromoteInput",
    "CandidateResponse",
    "CandidateResponseChanges",
    "CandidateResponseErrorType0",
    "CandidateResponseStatus",
    "Chunk",
    "ChunkList",
    "ChunkListTokenizer",
    "ClassificationJobResponse",
    "ClassificationJobResponseMode",
    "ClassificationResult",
    "ClassificationReview",
    "ClassificationReviewApproveRequest",
    "ClassificationReviewEvent",
    "ClassificationReviewEventAction",
    "ClassificationReviewPatchRequest",
    "ClassificationSegment",
    "ClassifiedPage",
    "ClassifierClass",
    "ClassifierDefinitionInput",
    "ClassifierEvaluationReport",
    "ClassifierEvaluationReportBoundaries",
    "ClassifierEvaluationReportConfusionMatrix",
    "ClassifierEvaluationReportItemResultsItem",
    "ClassifierEvaluationReportItemResultsItemErrorType0",
    "ClassifierResponse",
    "CreateBatchRequestType0",
    "CreateBatchRequestType1",
    "CreateBatchRequestType2",
    "CreateClassificationJobRequestType1",
    "CreateExtractionJobRequest",
    "CreateParseJobRequest",
    "CreateSchemaSuggestionRequestType0",
    "CreateSchemaSuggestionRequestType0ProviderNameType1",
    "CreateSchemaSuggestionRequestType1",
    "DateOrderRule",
    "DateOrderRuleKind",
    "DefinitionSource",
    "DeleteBatchResponse202",
    "DeleteBatchResponse202Status",
    "Diagnostic",
    "DiagnosticCode",
    "DirectUploadRequest",
    "DirectUploadTicket",
    "DirectUploadTicketHeaders",
    "DirectUploadTicketMethod",
    "DocumentBlocks",
    "DocumentBlocksPagesItem",
    "DocumentTable",
    "EqualsRule",
    "EqualsRuleKind",
    "ErrorCode",
    "EvaluationCalibration",
    "EvaluationCalibrationBucketsItem",
    "EvaluationCalibrationThresholdsItem",
    "EvaluationComparison",
    "EvaluationComparisonFields",
    "EvaluationComparisonFieldsAdditionalProperty",
    "EvaluationItemFromJobInput",
    "EvaluationItemInput",
    "EvaluationItemReplaceInput",
    "EvaluationItemReport",
    "EvaluationItemReportErrorType0",
    "EvaluationItemResponse",
    "EvaluationItemResponseExpectedOutputType0",
    "EvaluationLeafChange",
    "EvaluationMetrics",
    "EvaluationMismatch",
    "EvaluationOptions",
    "EvaluationReport",
    "EvaluationReportFields",
    "EvaluationReportRulesItem",
    "EvaluationReportRulesItemKind",
    "EvaluationRunCreateInput",
    "EvaluationRunResponse",
    "EvaluationRunResponseClassifierSnapshotType0",
    "EvaluationRunResponseExtractorSnapshotType0",
    "EvaluationRunResponseOptions",
    "EvaluationRunResponseProgress",
    "EvaluationRunStatus",
    "EvaluationSetCreateInput",
    "EvaluationSetResponse",
    "Example",
    "ExampleInput",
    "ExampleInputInput",
    "ExampleInputInputType",
    "ExampleOutput",
    "ExpectedSegmentsItem",
    "ExtractionJobEvent",
    "ExtractionJobEventEvent",
    "ExtractionJobResponse",
    "ExtractionResult",
    "ExtractionResultConfidenceType0",
    "ExtractionResultData",
    "ExtractionResultProvenance",
    "ExtractionReview",
    "ExtractionReviewReviewedData",
    "ExtractorDefinitionInput",
    "ExtractorDefinitionInputExamplesStrategy",
    "ExtractorResponse",
    "ExtractorResponseExamplesStrategy",
    "ExtractorResponseSchema",
    "ExtractorUpdateInput",
    "ExtractorUpdateInputExamplesStrategy",
    "FileKind",
    "FileResponse",
    "FileResponseConverterType1",
    "FileResponseConverterType2Type1",
    "FileResponseConverterType3Type1",
    "FileResponseMediaType",
    "FileUpload",
    "FileWarning",
    "FileWarningCode",
    "FlagReasonType0",
    "FormField",
    "FormFieldType",
    "GetApiReferenceAssetAsset",
    "GetBatchResultsAs",
    "GetBatchResultsCsvConfidence",
    "GetBatchResultsCsvStatus",
    "GetBatchResultsStatus",
    "GetOpenApiDocumentResponse200Type1",
    "GetParseJobDocumentFormat",
    "GetStudioAssetAsset",
    "HTTPValidationError",
    "HTTPValidationErrorCode",
    "HealthResponse",
    "JobError",
    "JobErrorCode",
    "JobRetry",
    "JobStatus",
    "JsonObject",
    "McpError",
    "McpErrorJsonrpc",
    "McpErrorObject",
    "McpEvent",
    "McpEventEvent",
    "McpJsonRpcMessage",
    "McpJsonRpcMessageError",
    "McpJsonRpcMessageJsonrpc",
    "McpNotification",
    "McpNotificationJsonrpc",
    "McpParams",
    "McpParamsMeta",
    "McpRequest",
    "McpRequestJsonrpc",
    "McpResult",
    "McpResultJsonrpc",
    "OutputFormat",
    "PageBox",
    "PageRange",
    "PageText",
    "PageTextSource",
    "PageWord",
    "ParseJobEvent",
    "ParseJobEventEvent",
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
    "ProviderStatusResponse",
    "ProviderStatusResponseErrorType1",
    "ProviderUpdateInput",
    "ProviderUpdateInputConfiguration",
    "RangeRuleType0",
    "RangeRuleType1",
    "ReadinessResponse",
    "ReadinessResponseChecks",
    "ReadinessResponseChecksDatabase",
    "ReadinessResponseChecksTemporal",
    "ReadinessResponseStatus",
    "ReasoningEffort",
    "RegexRule",
    "RegexRuleKind",
    "RequiredRule",
    "RequiredRuleKind",
    "ReviewApproveRequest",
    "ReviewEvent",
    "ReviewEventAction",
    "ReviewFieldDecisionType0",
    "ReviewFieldDecisionType0Action",
    "ReviewFieldDecisionType1",
    "ReviewPatchRequest",
    "ReviewRejectRequest",
    "ReviewStatus",
    "ReviewThresholds",
    "ReviewedSegment",
    "RuleResult",
    "RuleResultKind",
    "SchemaSuggestionResponse",
    "SchemaSuggestionResult",
    "SchemaSuggestionResultFieldNotesItem",
    "SchemaSuggestionResultRulesItem",
    "SchemaSuggestionResultSchema",
    "SchemaValidationRequest",
    "SchemaValidationResponse",
    "SchemaValidationResponseCanonicalSchemaType0",
    "SegmentFlag",
    "SegmentFlagReasonsItem",
    "SkippedAttachment",
    "StoredExampleInput",
    "StoredExampleInputType",
    "SuggestionDiagnostic",
    "SumRule",
    "SumRuleKind",
    "ThresholdsProposal",
    "ThresholdsProposalFields",
    "ThresholdsProposalFieldsAdditionalProperty",
    "ThresholdsRequest",
    "TokenUsage",
    "ValidationError",
    "ValidationErrorCtx",
    "ValueConflict",
    "ValueConflictValuesItem",
    "ValueFlag",
    "ValueProvenance",
    "ValueProvenanceCellsItem",
    "WebhookDeliveryResponse",
    "WebhookEndpointCreateInput",
    "WebhookEndpointResponse",
    "WebhookEndpointUpdateInput",
    "WebhookEndpointWithSecret",
    "WebhookEventPayload",
    "WebhookEventType",
    "WordBox",
    "Workspace",
    "WorkspaceCreateInput",
    "WorkspaceKey",
    "WorkspaceKeyCreateInput",
    "WorkspaceKeyScope",
    "WorkspaceKeyWithSecret",
    "WorkspaceQuotaFields",
    "WorkspaceUpdateInput",
    "WorkspaceUsage",
    "WorkspaceUsageJobs",
    "WorkspaceUsageJobsAdditionalProperty",
    "WorkspaceUsageMonth",
)
