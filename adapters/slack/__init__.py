"""Slack: DMs, @mentions, `/todo` and Confirm/Cancel buttons, over Socket Mode or HTTP."""
