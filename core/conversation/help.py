"""The one help text: what `help`, `/help`, Slack's `/todo help` and Telegram's `/help`
answer, whichever way the person asks. Every command is listed here."""

from __future__ import annotations

HELP_TEXT = (
    "I keep your to-do list. Just tell me what you need, for example:\n"
    "• add buy milk — or “remind me to call the plumber”\n"
    "• add pay rent friday, high priority #home — or “what's due today?”, “move it to monday”\n"
    "• what's on my list? — or “show completed tasks”, “what did I add yesterday?”\n"
    "• done 2 — or “I finished calling mom”\n"
    "• rename 1 to buy oat milk — or “add description 'for the party' to 2”\n"
    "• delete 3 — I'll ask you to confirm first\n"
    "• how many tasks do I have?\n"
    "Commands: /add <title>, /list [pending|completed|all], /done <n>, /delete <n>, "
    "/new (a fresh conversation), /link (one list across Slack, Telegram and here), "
    "/unlink, /accounts, /export (a copy of your data), /timezone <zone> (yours, for dates), "
    "/team (in a channel or group: its shared list; /team add <title> @person, "
    "/team assign <n> to @person, /team remind <n> <when|1 day before>, "
    "/team repeat <n> every monday|off, /team due|priority|tag <n> …, "
    "/team undo, /team trash), "
    "/forget me (erase everything), /help."
)
