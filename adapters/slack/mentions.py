"""The people a `/todo` names. With `should_escape: true` on the command (manifest.yml),
Slack sends a mention as `<@U…|name>`; it reaches the core as `@name`, with the account id
beside it."""

from __future__ import annotations

import re

from core.types import Mention

_MENTION = re.compile(r"<@(?P<ref>[UW][A-Z0-9]+)(?:\|(?P<name>[^>]*))?>")


def read_mentions(text: str) -> tuple[str, tuple[Mention, ...]]:
    """The command's text with each `<@U…|name>` as `@name`, and who each one is."""
    found: list[Mention] = []

    def said(match: re.Match[str]) -> str:
        name = (match.group("name") or match.group("ref")).strip() or match.group("ref")
        shown = "@" + name.replace(" ", "_")
        found.append(Mention(shown, match.group("ref"), name))
        return shown

    return _MENTION.sub(said, text), tuple(found)
