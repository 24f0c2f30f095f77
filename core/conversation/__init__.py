"""Conversations and what waits in one: the stored messages, confirmations pending an answer,
pages and read-only views, the help text."""
