"""Messages that must change nothing: attempts to rewrite the rules, and batch operations."""

from __future__ import annotations

import re

from core.agent.builtin.words import NOCASE

INJECTION = re.compile(
    r"\b(?:ignore|disregard|forget|override|bypass|skip)\b.{0,40}\b(?:instructions?|rules?|prompts?|"
    r"guidelines|directions|constraints|restrictions|safety|programming|confirmations?)\b"
    r"|\b(?:system|developer)\s+(?:prompt|message|mode|instructions?)\b|\bjailbreak|\bDAN\b"
    r"|\byou\s+are\s+now\b|\bpretend\s+(?:to\s+be|you)\b|\bact\s+as\s+(?:an?\s+)?(?:admin|root|developer)"
    r"|\bsudo\b|\badmin\s+mode\b|\bnew\s+instructions?\b|\bwithout\s+(?:asking|confirm)"
    r"|\b(?:other|another|all|every|each|any)\s+users?'?s?\b|\bsomeone\s+else'?s\b|\buser[_ ]?id\b"
    r"|\beveryone'?s\b|\bdisregard\s+(?:the|everything|all|that|what)\b",
    NOCASE,
)
_BATCH_WORDS = (
    r"\b(?:all|every|each|everything|whole|entire|both|them\s+all|all\s+of\s+them|the\s+lot|"
    r"my\s+(?:whole\s+|entire\s+)?(?:list|tasks|todos)|the\s+(?:whole\s+|entire\s+)?list)"
)
_BATCH_OBJECT = (
    r"(?:all|every\w*|everything|both|them\s+all|all\s+of\s+them|the\s+lot|it\s+all|"
    r"(?:the|my|our)\s+(?:whole\s+|entire\s+)?(?:list|tasks|todos|to-?dos|to-?do\s+list|"
    r"todo\s+list|task\s+list)|(?:(?:my|the|all)\s+)?(?:completed|done|finished|old|pending|open)\s+"
    r"(?:tasks|todos|items|ones)|tasks|todos)\b"
)
BATCH_DELETE = re.compile(
    r"\b(?:delete|remove|erase|trash|drop|clear|wipe|purge|empty|reset|nuke|get\s+rid\s+of|"
    r"destroy|scrap|ditch|bin|flush|cancel|kill|clean\s+out|clean\s+up)\s+(?:out\s+|up\s+|off\s+)?"
    rf"{_BATCH_OBJECT}"
    r"|\b(?:wipe|clear|purge|empty|reset|nuke|flush)\s+(?:it|everything|out)\b"
    r"|^(?:clear|wipe|purge|reset|nuke|start\s+over|start\s+fresh|clean\s+slate|delete\s+all|"
    r"remove\s+all)$",
    NOCASE,
)
BATCH_COMPLETE = re.compile(
    r"\b(?:complete|finish|mark|check\s+off|tick\s+off|cross\s+off|close|resolve|done\s+with)\b.*"
    rf"{_BATCH_WORDS}(?:\s+(?:as\s+)?(?:done|complete|completed|finished))?$"
    rf"|^{_BATCH_WORDS}\s+(?:is\s+|are\s+)?(?:done|complete|completed|finished)$"
    r"|^(?:i\s+)?(?:finished|completed|did|done)\s+(?:all|everything|them\s+all|all\s+of\s+them)\b",
    NOCASE,
)

# Reopening a finished task: the tools cannot, so the engine says so instead of guessing.
REOPEN = re.compile(
    r"\b(?:un-?tick|un-?check|re-?open|un-?complete|un-?finish|un-?mark)\b"
    r"|\bmark\s+.+?\s+(?:as\s+)?(?:not\s+done|undone|incomplete|unfinished|not\s+complete(?:d)?|"
    r"not\s+finished|pending|open)$"
    r"|\b(?:isn'?t|is\s+not|wasn'?t|was\s+not)\s+(?:actually\s+|really\s+)?(?:done|finished|complete(?:d)?)\b"
    r"|\bhaven'?t\s+(?:actually\s+|really\s+)?(?:done|finished|completed)\s+(?:it|that|this)\b",
    re.IGNORECASE,
)
