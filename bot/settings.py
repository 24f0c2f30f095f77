"""Every setting todobot reads, from the environment and `.env`.

Built once by `load_settings()` in the CLI (or a test) and passed down; nothing reads the
environment anywhere else.
"""

from __future__ import annotations

from pydantic import Field, SecretStr, ValidationInfo, field_validator

from bot.core_settings import CoreSettings


class Settings(CoreSettings):
    """Each field is one setting: its name upper-cased is the variable, its description the
    documentation (`python3 -m bot.docs_gen` writes the configuration page and `.env.example`
    from them). The core's own come first (`CoreSettings`), then the platforms', the chat
    API's, MCP's, the server's and the reminders'."""

    slack_bot_token: SecretStr | None = Field(
        default=None,
        description="The Bot User OAuth Token (`xoxb-…`) of a one-workspace app (Socket Mode or "
        "`todobot serve`); leave it unset for distribution.",
    )
    slack_app_token: SecretStr | None = Field(
        default=None,
        description="App-level token (`xapp-…`, scope connections:write) for Socket Mode: "
        "`todobot slack`.",
    )
    slack_signing_secret: SecretStr | None = Field(
        default=None,
        description="Signing secret for HTTP mode: `todobot serve` at /slack/events.",
    )
    slack_api_url: str = Field(
        default="https://slack.com/api/",
        description="The Web API's base URL (GovSlack: https://slack-gov.com/api/).",
    )
    slack_client_id: str | None = Field(
        default=None,
        description="Distribution (Add to Slack, any number of workspaces, `todobot serve`, "
        "no bot token): the app's Client ID.",
    )
    slack_client_secret: SecretStr | None = Field(
        default=None, description="Distribution: the app's Client Secret."
    )
    slack_redirect_uri: str | None = Field(
        default=None,
        description="Distribution: the OAuth redirect URL registered with the app "
        "(https://your.host/slack/oauth_redirect); unset lets Slack use the app's only one.",
    )
    slack_authorize_url: str = Field(
        default="https://slack.com/oauth/v2/authorize",
        description="Distribution: where Add to Slack sends an admin to approve the app.",
    )
    token_encryption_key: SecretStr | None = Field(
        default=None,
        description="Fernet key(s) sealing the workspaces' tokens in the database "
        "(`todobot keygen` makes one; several, comma-separated: the first seals, any opens). "
        "Required in distribution mode.",
    )
    uninstall_retention_days: int = Field(
        default=30,
        ge=0,
        description="Days a workspace's data is kept after it removes the app; added again "
        "sooner, it keeps its data.",
    )

    telegram_bot_token: SecretStr | None = Field(
        default=None, description="The bot's token from @BotFather."
    )
    telegram_webhook_secret: SecretStr | None = Field(
        default=None,
        description="The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token "
        "(1-256 of A-Z a-z 0-9 _ -); required for the webhook under `todobot serve`.",
    )
    telegram_webhook_url: str = Field(
        default="",
        pattern=r"^(https?://\S+)?$",
        description="The public URL of /telegram/webhook: `todobot telegram set-webhook` "
        "registers it when given no URL, and `todobot doctor` checks Telegram delivers there.",
    )
    telegram_api_url: str = Field(
        default="https://api.telegram.org/bot",
        description="The Bot API's base URL, for a self-hosted Bot API server.",
    )
    telegram_messages_per_second: int = Field(
        default=28,
        ge=1,
        le=30,
        description="Messages a second the bot may send, shared by every process sending for "
        "it through the database. Telegram allows about 30 in all; a little under keeps "
        "network jitter from putting a 31st into one second.",
    )

    api_jwt_secret: SecretStr | None = Field(
        default=None,
        description="The HS256 secret that signs the chat API's and MCP's bearer tokens "
        "(subject = the person's id). Unset: the chat API and /mcp answer 503.",
    )
    api_reminder_webhook_url: str = Field(
        default="",
        pattern=r"^(https?://\S+)?$",
        description="Reminders on the chat API are also POSTed here; `{user_id}` becomes the "
        "person's API id (e.g. https://app.example.com/todobot/{user_id}). Empty: none.",
    )
    api_webhook_secret: SecretStr | None = Field(
        default=None,
        validate_default=True,
        description="Signs every reminder post (Todobot-Signature); 16 characters or more, "
        "required with API_REMINDER_WEBHOOK_URL.",
    )

    mcp_http: bool = Field(
        default=True,
        description="Serve MCP at /mcp in `todobot serve`; false leaves it (and the MCP SDK) "
        "out of the workers.",
    )
    mcp_resource_url: str = Field(
        default="http://127.0.0.1:8000/mcp",
        description="The public URL clients use to reach /mcp: the resource named in the "
        "OAuth protected-resource metadata and in a 401's WWW-Authenticate header.",
    )
    mcp_authorization_server: str | None = Field(
        default=None,
        description="The auth service that issues the tokens, published as the resource's "
        "authorization server; the origin of MCP_RESOURCE_URL when unset.",
    )

    shutdown_grace_seconds: float = Field(
        default=30.0,
        ge=0,
        description="Seconds a stopping process waits for the requests and turns in flight.",
    )
    http_max_connections: int = Field(
        default=1000,
        gt=0,
        description="Connections open at once per `serve` worker; more get 503.",
    )
    http_keep_alive_seconds: float = Field(
        default=5.0, gt=0, description="Seconds an idle keep-alive connection stays open."
    )
    keepalive_max_seconds: float = Field(
        default=10.0,
        ge=0,
        description="The longest a keep-alive connection lives (each gets between half and "
        "all of it); then the client reconnects, to any worker, so load spreads again. 0 keeps "
        "connections as long as clients do.",
    )
    inbox_lease_seconds: float = Field(
        default=60.0,
        gt=0,
        description="A worker's lease on a delivery it runs, renewed while the turn runs; a "
        "dead worker's deliveries are taken up by another after it.",
    )
    send_claim_seconds: float = Field(
        default=120.0,
        gt=0,
        description="How long one attempt at a delivery holds the send of its answer; longer "
        "than any send takes. Another attempt sends it only after that (its sender died) or once "
        "a failed send let it go.",
    )
    inbox_concurrency: int = Field(
        default=16,
        ge=1,
        le=1000,
        description="Deliveries a worker runs at once (keep DB_POOL_SIZE at least this).",
    )
    inbox_poll_seconds: float = Field(
        default=1.0,
        gt=0,
        description="How often an idle worker looks for deliveries, besides being woken.",
    )
    inbox_max_attempts: int = Field(
        default=10,
        ge=1,
        description="Tries before a delivery that keeps failing is set aside as failed.",
    )
    prometheus_multiproc_dir: str | None = Field(
        default=None,
        description="Where the workers of `serve --workers N` keep their metrics; a temporary "
        "directory when unset.",
    )

    reminder_batch: int = Field(
        default=200, ge=1, le=5000, description="Due reminders a process claims per round."
    )
    reminder_poll_seconds: float = Field(
        default=1.0, gt=0, description="How often an idle process looks for due reminders."
    )
    reminder_lease_seconds: float = Field(
        default=60.0,
        gt=0,
        description="How long a claim on due reminders holds; a dead process's reminders are "
        "sent by another after it.",
    )
    reminder_max_attempts: int = Field(
        default=8,
        ge=1,
        description="Tries before a reminder a platform keeps refusing is marked failed.",
    )

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


# The configuration page and `.env.example` group the settings under these headings, each
# starting at the setting named here and running to the next.
SECTIONS: dict[str, str] = {
    "log_level": "Logging",
    "database_url": "Storage",
    "history_window": "Conversation and safety",
    "agent_backend": "Agent",
    "slack_bot_token": "Slack",
    "telegram_bot_token": "Telegram",
    "api_jwt_secret": "Chat API",
    "mcp_http": "MCP over HTTP",
    "shutdown_grace_seconds": "Running `todobot serve`",
    "reminder_batch": "Reminders",
}


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
