"""People: platform identities, linked accounts and link codes, the exact phrases of account
requests, and erasure (of a person, or of a workspace that removed the app)."""
