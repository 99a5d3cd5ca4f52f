"""Contains endpoint functions for accessing the API"""

from __future__ import annotations
