"""Secrets kept at rest (a platform's bot and refresh tokens), sealed with TOKEN_ENCRYPTION_KEY.

Fernet (AES-128-CBC with an HMAC, from `cryptography`): a sealed value can be neither read nor
changed without the key. The key may list several, comma-separated: the first seals, any of
them opens, so a key is rotated by putting a new one first and keeping the old one behind it
until every value has been sealed again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryptography.fernet import MultiFernet


class SealingKeyError(ValueError):
    """TOKEN_ENCRYPTION_KEY is missing or is not a Fernet key; the message says how to fix it."""


class SealedValueError(ValueError):
    """A stored value does not open with the configured keys (another key sealed it)."""


def new_key() -> str:
    """A fresh key, as `todobot keygen` prints it."""
    from cryptography.fernet import Fernet

    return Fernet.generate_key().decode()


class Sealer:
    def __init__(self, keys: str) -> None:
        from cryptography.fernet import Fernet, MultiFernet

        parts = [key.strip() for key in keys.split(",") if key.strip()]
        if not parts:
            raise SealingKeyError(
                "TOKEN_ENCRYPTION_KEY is not set: it encrypts the workspaces' tokens in the "
                "database. Make one with `todobot keygen` and put it in .env."
            )
        try:
            self._fernet: MultiFernet = MultiFernet([Fernet(key) for key in parts])
        except ValueError:
            raise SealingKeyError(
                "TOKEN_ENCRYPTION_KEY is malformed: each key is 32 url-safe base64-encoded "
                "bytes (44 characters), as `todobot keygen` prints one."
            ) from None

    def seal(self, secret: str) -> str:
        return self._fernet.encrypt(secret.encode()).decode()

    def open(self, sealed: str) -> str:
        from cryptography.fernet import InvalidToken

        try:
            return self._fernet.decrypt(sealed.encode()).decode()
        except InvalidToken:
            raise SealedValueError(
                "a stored token does not open with TOKEN_ENCRYPTION_KEY (was the key changed "
                "without keeping the old one after it?)"
            ) from None
