"""People and their data: platform identities, linked accounts and link codes, the account
commands, export and erasure."""
