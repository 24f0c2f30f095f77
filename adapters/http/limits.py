"""How large a request body each endpoint takes, enforced before the body is read whole.

Starlette's body limit refuses a declared `Content-Length` over the limit without reading a
byte, and a chunked body the moment it passes the limit: 413, whatever the size. The chat API
needs 5,000 characters plus its JSON (every character may arrive as a 12-byte `\\ud83d\\ude00`
escape pair); Slack's and Telegram's payloads are small; everything else takes almost nothing.
"""

from __future__ import annotations

from core.message_text import MESSAGE_MAX_CHARS

KIB = 1024
API_BODY_MAX = MESSAGE_MAX_CHARS * 12 + 4 * KIB
SLACK_BODY_MAX = 512 * KIB
TELEGRAM_BODY_MAX = 256 * KIB
DEFAULT_BODY_MAX = 16 * KIB
