"""Exact account requests in free text ("link my telegram", "forget me") as commands.

Checked before the agent runs, on every platform, so no model backend has to learn them and
none can get them wrong. Only whole messages of these shapes match; "link the report to the
ticket" still goes to the agent.
"""

from __future__ import annotations

import re

from core.people import link_codes

_LEAD = (
    r"(?:(?:please|pls|can you|could you|would you|i want to|i'd like to|id like to|help me)\s+)?"
)
_TAIL = r"(?:\s+please)?"
_PLATFORMS = r"(?:telegram|slack|console|api|chat api)"
# What may follow "link" when a person asks for a code: "my telegram", "accounts", ...
_LINK_TARGET = (
    rf"(?:up\s+)?(?:(?:my|this|the|an?|to|with|other|another|new)\s+)*"
    rf"(?:{_PLATFORMS}|accounts?|platforms?)"
    rf"(?:\s+(?:and|&)\s+(?:my\s+)?{_PLATFORMS})?(?:\s+accounts?)?"
)
_LINK = re.compile(rf"^{_LEAD}(?:link|connect)(?:\s+{_LINK_TARGET})?{_TAIL}$")
_LINK_CODE = re.compile(
    r"^(?:please\s+)?link\s+(?:code\s+)?([a-z0-9][a-z0-9 -]{6,12}[a-z0-9])$", re.I
)
_UNLINK = re.compile(rf"^{_LEAD}unlink(?:\s+(?:this account|me|here|this))?{_TAIL}$")
_ACCOUNTS = re.compile(
    rf"^{_LEAD}(?:(?:show|list)\s+)?(?:me\s+)?(?:my\s+)?(?:linked\s+)?accounts{_TAIL}$"
    r"|^(?:which|what) accounts are linked$"
)
_EXPORT = re.compile(
    rf"^{_LEAD}(?:export|download)(?:\s+(?:all\s+)?(?:of\s+)?(?:my\s+)?"
    rf"(?:data|tasks|history|everything))?{_TAIL}$"
)
_FORGET = re.compile(
    rf"^{_LEAD}(?:forget (?:me|everything about me|all about me)"
    rf"|(?:erase|delete) (?:all )?(?:of )?my data){_TAIL}$"
)
_LINK_ARGS = re.compile(rf"^{_LINK_TARGET}$")
_FORGET_ARGS = re.compile(r"^(?:me|everything about me|all about me|my data)?(?:\s+please)?$")


def _clean(text: str) -> str:
    return " ".join(text.replace(",", " ").strip().rstrip(".!?").split()).lower()


def recognise(text: str) -> tuple[str, str] | None:
    """("link", ""), ("link", code), ("unlink", ""), ("accounts", ""), ("export", ""),
    ("forget", "me") for the exact requests; None for anything else."""
    cleaned = _clean(text)
    if _LINK.match(cleaned):
        return "link", ""
    code = _LINK_CODE.match(text.strip().rstrip(".!?"))
    if code and _typed_as_code(code.group(1)):
        return "link", code.group(1)
    if _UNLINK.match(cleaned):
        return "unlink", ""
    if _ACCOUNTS.match(cleaned):
        return "accounts", ""
    if _EXPORT.match(cleaned):
        return "export", ""
    if _FORGET.match(cleaned):
        return "forget", "me"
    return None


def _typed_as_code(typed: str) -> bool:
    """A code-shaped word that also looks typed as one (a dash, a digit or capitals), so
    "link handbags" stays free text."""
    compact = typed.replace(" ", "")
    marked = "-" in compact or any(c.isdigit() for c in compact) or compact.isupper()
    return marked and link_codes.looks_like_code(typed)


def asks_for_code(args: str) -> bool:
    """`link`, `link my telegram`: a request for a new code rather than a code."""
    cleaned = _clean(args)
    return not cleaned or bool(_LINK_ARGS.match(cleaned))


def asks_to_forget(args: str) -> bool:
    return bool(_FORGET_ARGS.match(_clean(args)))


def names_other_platform(args: str, platform: str) -> str | None:
    """`unlink telegram` sent from Slack: the platform it names, when not this one."""
    for word in re.findall(_PLATFORMS, _clean(args)):
        if word.replace("chat ", "") != platform:
            return word
    return None


def is_unlink_args(args: str) -> bool:
    cleaned = _clean(args)
    return not cleaned or bool(
        re.fullmatch(rf"(?:this|my|me|here)?\s*(?:{_PLATFORMS})?\s*(?:account)?", cleaned)
    )
