"""Conversations and what happens inside one: the stored messages, pending confirmations and
button presses, typed yes/no answers, pages and read-only views, the help text."""
