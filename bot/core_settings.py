"""The settings of the core: logging, storage, the conversation and its safety, the agent.
`bot.settings.Settings` adds the platforms', the doors' and the reminders' to them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class CoreSettings(BaseSettings):
    """The first sections of `Settings`, in the order the configuration page shows them."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    log_level: str = Field(
        default="INFO",
        description="How much the log says: DEBUG, INFO, WARNING or ERROR. DEBUG also shows "
        "full tracebacks of start-up errors (as `todobot --debug`).",
    )
    log_format: Literal["text", "json"] = Field(
        default="text",
        description="`text`: one line per record; `json`: one JSON object per line (time, "
        "level, logger, message, and an access line's method, path, status and client), "
        "redacted alike.",
    )

    database_url: str = Field(
        default="sqlite:///todobot.db",
        description="Where the data lives: a SQLite file (relative to the working directory) "
        "or PostgreSQL, `postgresql+psycopg://user:password@host:5432/todobot`.",
    )
    db_pool_size: int = Field(
        default=10, ge=1, description="Connections each process keeps open to PostgreSQL."
    )
    db_max_overflow: int = Field(
        default=10, ge=0, description="Extra connections a process may open under load."
    )
    db_pool_timeout: float = Field(
        default=30.0, gt=0, description="Seconds to wait for a free connection before failing."
    )
    database_listen_url: str = Field(
        default="",
        description="Where a worker's LISTEN connection (woken by intake) goes; empty means "
        "DATABASE_URL. Behind PgBouncer in transaction pooling, point it at PostgreSQL itself.",
    )
    db_prepared_statements: bool = Field(
        default=True,
        description="Let psycopg prepare a statement on the server once it has run five times "
        "on a connection. Set false behind a pooler that cannot keep them (PgBouncer in "
        "transaction pooling before 1.21, or without max_prepared_statements).",
    )

    history_window: int = Field(
        default=50,
        ge=1,
        le=1000,
        description="How many recent messages of a conversation the agent sees.",
    )
    confirmation_ttl_seconds: int = Field(
        default=600, ge=10, description="Seconds a Confirm/Cancel question stays answerable."
    )
    undo_window_seconds: int = Field(
        default=600,
        ge=10,
        description='Seconds a change can be taken back ("undo", the Undo button).',
    )
    trash_days: int = Field(
        default=30,
        ge=1,
        description="Days a deleted task stays in the trash, restorable, before it is erased.",
    )
    max_pending_reminders: int = Field(
        default=200,
        ge=1,
        description="Reminders one person may have waiting at once; more are refused (moving a "
        "task's own reminder always works).",
    )
    rate_limit_per_minute: int = Field(
        default=30,
        ge=0,
        description="Messages (and MCP tool calls) a person may send per minute across all "
        "workers; button presses get twice this. 0 turns the limit off.",
    )
    api_requests_per_minute: int = Field(
        default=120,
        ge=0,
        description="Chat API requests of any kind (reads, confirmations, messages) per person "
        "per minute, counted across every worker. 0 turns the limit off.",
    )
    console_rate_limit_per_minute: int = Field(
        default=0,
        ge=0,
        description="The limit for `todobot chat` and `todobot mcp` (one local person on "
        "their own database): off (0) unless set.",
    )
    console_history_file: str = Field(
        default="~/.todobot_history",
        description="The console's line history (arrow up recalls earlier lines); empty keeps "
        "it in memory only.",
    )

    agent_backend: Literal["auto", "builtin", "openai"] = Field(
        default="auto",
        description="Who reads free text: `builtin` (the offline engine), `openai` (any "
        "OpenAI-compatible model), or `auto`: openai when OPENAI_API_KEY is set.",
    )
    openai_api_key: SecretStr | None = Field(
        default=None,
        description="Key for OpenAI or any OpenAI-compatible server (vLLM, Ollama, llama.cpp).",
    )
    openai_base_url: str | None = Field(
        default=None,
        description="Base URL of an OpenAI-compatible server; empty means OpenAI itself.",
    )
    openai_model: str = Field(default="gpt-4.1-mini", description="The model's name.")
    openai_timeout_seconds: float = Field(
        default=30.0, gt=0, description="Seconds before one model request times out."
    )
    openai_max_retries: int = Field(
        default=2,
        ge=0,
        le=10,
        description="Retries of a rate-limited (429), failed (5xx) or timed-out model request.",
    )
    openai_retry_backoff_seconds: float = Field(
        default=0.5, ge=0, description="The first wait before a retry; it doubles each time."
    )
    openai_tracing: bool = Field(
        default=False, description="Send traces to OpenAI's tracing dashboard."
    )
    openai_parallel_tool_calls: bool | None = Field(
        default=None,
        description="Ask the server to let the model call several tools in one answer; unset "
        "leaves it to the server (OpenAI allows it, llama.cpp needs true, some reasoning "
        "models refuse the field).",
    )

    @field_validator("openai_parallel_tool_calls", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        """`OPENAI_PARALLEL_TOOL_CALLS=` (as .env.example writes it) leaves it to the server."""
        return None if value == "" else value

    @property
    def resolved_backend(self) -> Literal["builtin", "openai"]:
        """`auto` means the LLM when a key is set, the offline engine otherwise."""
        if self.agent_backend == "auto":
            return "openai" if self.openai_api_key else "builtin"
        return self.agent_backend
