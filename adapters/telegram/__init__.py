"""Telegram adapter (python-telegram-bot): private chats, groups, commands and inline buttons.

`translate` is the pure mapping between Bot API JSON and the core's types; `bridge` does the
I/O for one update; `application` builds and runs the PTB `Application` (long polling, or for
a webhook worker's life) and registers the webhook; `deliveries` records updates in the inbox
and runs them from there; `webhook` is the HTTP endpoint `todobot serve` mounts, which (with
recording) imports no PTB.
"""
