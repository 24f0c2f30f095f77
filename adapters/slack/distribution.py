"""Serving many workspaces ("Add to Slack"): everything it runs on, built once per process.

bolt's own OAuth support does the install: `AsyncOAuthFlow` with `AsyncOAuthSettings` (the
manifest's bot scopes, Slack's authorize URL, our pages), the installation and state stores
on our database, and `AsyncInstallationStoreAuthorize`, which answers every request with its
workspace's token and refreshes tokens that expire (token rotation). All of them speak to
SLACK_API_URL (oauth.v2.access, auth.test), so a stand-in for Slack can play them.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta

from slack_bolt.authorization import AuthorizeResult
from slack_bolt.authorization.async_authorize import AsyncInstallationStoreAuthorize
from slack_bolt.oauth.async_oauth_flow import AsyncOAuthFlow
from slack_bolt.oauth.async_oauth_settings import AsyncOAuthSettings
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack.clients import InstalledWorkspaces
from adapters.slack.config import SlackCredentials
from adapters.slack.install_pages import CALLBACKS
from adapters.slack.installations import Changed, SlackInstallationStore
from adapters.slack.oauth_state import DatabaseStateStore
from core.clock import Clock
from core.storage.db import Database
from core.storage.sealing import Sealer

INSTALL_PATH = "/slack/install"
REDIRECT_PATH = "/slack/oauth_redirect"
# auth.test answers kept per token: rotated tokens come and go, so the oldest are dropped.
CHECKED_TOKENS = 10_000


class RemovedWorkspace(logging.Filter):
    """bolt logs an ERROR for every request whose workspace has no installation; here that is
    a workspace that removed the app (Slack may still deliver a few of its events), which is
    expected: the request is acknowledged and ignored, and the line says so at INFO."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.ERROR and "AuthorizeResult" in record.getMessage():
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.msg, record.args = IGNORED, None
        return True


IGNORED = "A request from a workspace without an installation was acknowledged and ignored"
BOLT_AUTHORIZATION_LOGGER = "slack_bolt.AsyncMultiTeamsAuthorization"


def quiet_removed_workspaces() -> None:
    logger = logging.getLogger(BOLT_AUTHORIZATION_LOGGER)
    if not any(isinstance(existing, RemovedWorkspace) for existing in logger.filters):
        logger.addFilter(RemovedWorkspace())


class Checked(OrderedDict[str, AuthorizeResult]):
    """bolt's cache of auth.test answers, bounded: it holds the latest `most` tokens."""

    def __init__(self, most: int = CHECKED_TOKENS) -> None:
        super().__init__()
        self.most = most

    def __setitem__(self, token: str, result: AuthorizeResult) -> None:
        super().__setitem__(token, result)
        self.move_to_end(token)
        while len(self) > self.most:
            self.popitem(last=False)


@dataclass
class Distribution:
    store: SlackInstallationStore
    authorize: AsyncInstallationStoreAuthorize
    oauth_flow: AsyncOAuthFlow
    clients: InstalledWorkspaces


def build_distribution(
    credentials: SlackCredentials,
    db: Database,
    *,
    clock: Clock,
    retention: timedelta,
    changed: Changed | None = None,
) -> Distribution:
    oauth = credentials.oauth
    if oauth is None:
        raise ValueError("these Slack credentials are for one workspace, not for distribution")
    logger = logging.getLogger("todobot.slack")
    quiet_removed_workspaces()
    store = SlackInstallationStore(
        db, Sealer(oauth.encryption_key), retention=retention, clock=clock, changed=changed
    )
    api = AsyncWebClient(base_url=credentials.api_url)
    authorize = AsyncInstallationStoreAuthorize(
        logger=logger,
        installation_store=store,
        client_id=oauth.client_id,
        client_secret=oauth.client_secret,
        bot_only=True,
        # auth.test once per token and process, not on every request
        cache_enabled=True,
        client=api,
    )
    authorize.authorize_result_cache = Checked()
    settings = AsyncOAuthSettings(
        client_id=oauth.client_id,
        client_secret=oauth.client_secret,
        scopes=list(oauth.scopes),
        user_scopes=[],
        redirect_uri=oauth.redirect_uri,
        install_path=INSTALL_PATH,
        install_page_rendering_enabled=False,  # /slack/install goes straight to Slack
        redirect_uri_path=REDIRECT_PATH,
        callback_options=CALLBACKS,
        authorization_url=oauth.authorize_url,
        installation_store=store,
        installation_store_bot_only=True,
        state_store=DatabaseStateStore(db, clock=clock),
        logger=logger,
    )
    # Requests are authorized by ours (it speaks to SLACK_API_URL and caches auth.test), not
    # by the one the settings made for themselves.
    settings.authorize = authorize
    flow = AsyncOAuthFlow(client=api, logger=logger, settings=settings)
    return Distribution(store, authorize, flow, InstalledWorkspaces(authorize, credentials.api_url))
