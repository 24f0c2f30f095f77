"""The chat API's OpenAPI document, as the real app serves it at /openapi.json."""

from __future__ import annotations

import json

from pydantic import SecretStr

from bot.settings import Settings


def openapi_document() -> str:
    """The app's schema with the chat API on; the defaults otherwise (no environment read)."""
    from bot.serve import create_app

    settings = Settings.model_construct(
        api_jwt_secret=SecretStr("x" * 32), database_url="sqlite:///:memory:"
    )
    schema = create_app(settings).openapi()
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
