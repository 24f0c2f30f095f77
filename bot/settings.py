"""Every setting todobot reads, from the environment and `.env`.

Built once by `load_settings()` in the CLI (or a test) and passed down; nothing reads the
environment anywhere else.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # Logging: DEBUG also shows full tracebacks of start-up errors (like `--debug`).
    log_level: str = "INFO"

    # Storage
    database_url: str = "sqlite:///todobot.db"
    db_pool_size: int = Field(default=10, ge=1)
    db_max_overflow: int = Field(default=10, ge=0)
    db_pool_timeout: float = Field(default=30.0, gt=0)

    # Conversation and safety
    history_window: int = Field(default=50, ge=1, le=1000)
    confirmation_ttl_seconds: int = Field(default=600, ge=10)
    undo_window_seconds: int = Field(default=600, ge=10)
    trash_days: int = Field(default=30, ge=1)
    # Reminders one person may have waiting at once; more are refused.
    max_pending_reminders: int = Field(default=200, ge=1)
    rate_limit_per_minute: int = Field(default=30, ge=0)
    # Every chat API request (reads and confirmations too), per person and worker; 0 = none.
    api_requests_per_minute: int = Field(default=120, ge=0)
    # `todobot chat` is one local person on their own database: no limit unless set (> 0).
    console_rate_limit_per_minute: int = Field(default=0, ge=0)
    # The console's line history (arrow up); empty keeps it in memory only.
    console_history_file: str = "~/.todobot_history"

    # Agent
    agent_backend: Literal["auto", "builtin", "openai"] = "auto"
    openai_api_key: SecretStr | None = None
    openai_base_url: str | None = None
    openai_model: str = "gpt-4.1-mini"
    openai_timeout_seconds: float = Field(default=30.0, gt=0)
    openai_max_retries: int = Field(default=2, ge=0, le=10)
    openai_retry_backoff_seconds: float = Field(default=0.5, ge=0)
    openai_tracing: bool = False

    # Slack
    slack_bot_token: SecretStr | None = None
    slack_app_token: SecretStr | None = None
    slack_signing_secret: SecretStr | None = None
    slack_api_url: str = "https://slack.com/api/"

    # Telegram
    telegram_bot_token: SecretStr | None = None
    telegram_webhook_secret: SecretStr | None = None
    telegram_api_url: str = "https://api.telegram.org/bot"
    # Telegram allows a bot about 30 messages a second in all: every process sending for the
    # bot (serve workers, `todobot telegram`) shares this rate through the database. A little
    # under 30, so that network jitter does not put a 31st message into one second.
    telegram_messages_per_second: int = Field(default=28, ge=1, le=30)

    # HTTP chat API
    api_jwt_secret: SecretStr | None = None
    # Reminders on the chat API are also POSTed here, `{user_id}` replaced by the person's API
    # id (e.g. https://app.example.com/todobot/{user_id}), signed with API_WEBHOOK_SECRET.
    api_reminder_webhook_url: str = Field(default="", pattern=r"^(https?://\S+)?$")
    api_webhook_secret: SecretStr | None = Field(default=None, validate_default=True)

    # MCP over HTTP (`todobot serve` at /mcp; the same API_JWT_SECRET tokens)
    mcp_http: bool = True
    mcp_resource_url: str = "http://127.0.0.1:8000/mcp"
    mcp_authorization_server: str | None = None

    # `todobot serve`: shutdown, the durable inbox, multi-worker metrics
    shutdown_grace_seconds: float = Field(default=30.0, ge=0)
    # uvicorn's guards for `todobot serve`: connections open at once per worker (beyond it:
    # 503) and seconds an idle keep-alive connection is kept.
    http_max_connections: int = Field(default=1000, gt=0)
    http_keep_alive_seconds: float = Field(default=5.0, gt=0)
    # A keep-alive connection's longest life, so load spreads again over the workers.
    keepalive_max_seconds: float = Field(default=10.0, ge=0)
    inbox_lease_seconds: float = Field(default=60.0, gt=0)
    inbox_concurrency: int = Field(default=16, ge=1, le=1000)
    inbox_poll_seconds: float = Field(default=1.0, gt=0)
    inbox_max_attempts: int = Field(default=10, ge=1)
    prometheus_multiproc_dir: str | None = None

    # Reminders: wake-ups claimed per round, how often to look, how long a claim holds
    reminder_batch: int = Field(default=200, ge=1, le=5000)
    reminder_poll_seconds: float = Field(default=1.0, gt=0)
    reminder_lease_seconds: float = Field(default=60.0, gt=0)
    reminder_max_attempts: int = Field(default=8, ge=1)

    @field_validator("api_webhook_secret")
    @classmethod
    def _webhook_is_signed(cls, secret: SecretStr | None, info: ValidationInfo) -> SecretStr | None:
        value = secret.get_secret_value() if secret else ""
        if info.data.get("api_reminder_webhook_url") and len(value) < 16:
            raise ValueError(
                "API_REMINDER_WEBHOOK_URL is set, so this must be too (16 characters or more): "
                "it signs every post, so the receiver can tell it comes from todobot"
            )
        return secret

    @property
    def resolved_backend(self) -> Literal["builtin", "openai"]:
        """`auto` means the LLM when a key is set, the offline engine otherwise."""
        if self.agent_backend == "auto":
            return "openai" if self.openai_api_key else "builtin"
        return self.agent_backend


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
