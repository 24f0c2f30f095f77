"""Telegram adapter (python-telegram-bot): private chats, groups, commands and inline buttons.

`translate` is the pure mapping between Bot API JSON and the core's types; `bridge` does the
I/O for one update; `application` builds and runs the PTB `Application` (long polling);
`webhook` is the HTTP endpoint `todobot serve` mounts.
"""
