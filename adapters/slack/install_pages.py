"""The pages an admin sees at the end of "Add to Slack": installed, or why not and what to do.

bolt's OAuth flow calls these with its outcome (`AsyncCallbackOptions`); like bolt's own pages
they clear the state cookie. Everything shown is escaped.
"""

from __future__ import annotations

from html import escape

from slack_bolt.oauth.async_callback_options import (
    AsyncCallbackOptions,
    AsyncFailureArgs,
    AsyncSuccessArgs,
)
from slack_bolt.response import BoltResponse

REASONS = {
    "access_denied": "the install was cancelled on Slack.",
    "invalid_browser": (
        "this browser did not start the install here (the page was reloaded, the link came "
        "from elsewhere, or the server is not reached over https)."
    ),
    "invalid_state": "the install link was already used or has expired.",
    "missing_code": "Slack sent no authorization code back.",
    "invalid_code": "Slack did not accept the authorization code; it may have been used already.",
    "storage_error": "the server could not save the installation. Please try again later.",
}

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;
line-height:1.5}}</style></head>
<body><h1>{title}</h1>{body}</body></html>
"""


def _page(
    args: AsyncSuccessArgs | AsyncFailureArgs, status: int, title: str, body: str
) -> BoltResponse:
    return BoltResponse(
        status=status,
        headers={
            "Content-Type": "text/html; charset=utf-8",
            "Set-Cookie": args.settings.state_utils.build_set_cookie_for_deletion(),
        },
        body=PAGE.format(title=escape(title), body=body),
    )


async def installed(args: AsyncSuccessArgs) -> BoltResponse:
    found = args.installation
    where = (found.enterprise_name if found.is_enterprise_install else found.team_name) or ""
    team = escape(found.team_id or found.enterprise_id or "")
    app = escape(found.app_id or "")
    body = (
        f"<p>todobot is now in <strong>{escape(where)}</strong>. In Slack, open todobot under "
        "<em>Apps</em> and tell it what you need (“add buy milk”), or type "
        "<code>/todo help</code> anywhere.</p>"
        f'<p><a href="slack://app?team={team}&amp;id={app}">Open Slack</a></p>'
    )
    return _page(args, 200, "todobot is installed", body)


async def not_installed(args: AsyncFailureArgs) -> BoltResponse:
    reason = REASONS.get(args.reason, f"Slack said {args.reason!r}.")
    install = escape(args.settings.install_path)
    body = (
        f"<p>todobot was not installed: {escape(reason)} Nothing was saved.</p>"
        f'<p><a href="{install}">Start again</a></p>'
    )
    return _page(args, args.suggested_status_code, "todobot was not installed", body)


CALLBACKS = AsyncCallbackOptions(success=installed, failure=not_installed)
