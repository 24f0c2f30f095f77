"""Bearer JWTs for the chat API: HS256, signed with API_JWT_SECRET, subject = the path user.

The token's issuer (the product's auth service) names its users; the API maps that name to
todobot's internal user through the `api` identity, so `sub` is an external id here.
PyJWT (with the cryptography it loads, some ten megabytes) is imported only when a secret is
set: without one every request is refused before a token is read.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

INVALID_TOKEN = "Invalid or missing authorization token"
WRONG_USER = "User ID in token does not match request path"
NOT_CONFIGURED = "The chat API is not configured on this server (API_JWT_SECRET is unset)"
ALGORITHM = "HS256"


class AuthError(Exception):
    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


@dataclass(frozen=True)
class TokenVerifier:
    secret: str | None
    leeway_seconds: float = 10.0

    def __post_init__(self) -> None:
        if self.secret:
            importlib.import_module("jwt")  # at start-up, not on the first request

    def authenticate(self, authorization: str | None, path_user: str) -> str:
        """The path's user when the header carries a valid token for exactly them.

        401: no token, not a bearer, a bad signature, expired, or no subject.
        403: a valid token for someone else.
        """
        subject = self.subject(authorization)
        if subject != path_user:
            raise AuthError(403, WRONG_USER)
        return subject

    def subject(self, authorization: str | None) -> str:
        """The user a valid bearer token names (503 unconfigured, 401 otherwise)."""
        if not self.secret:
            raise AuthError(503, NOT_CONFIGURED)
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise AuthError(401, INVALID_TOKEN)
        import jwt

        try:
            claims = jwt.decode(
                token.strip(),
                self.secret,
                algorithms=[ALGORITHM],
                options={"require": ["sub", "exp"]},
                leeway=self.leeway_seconds,
            )
        except jwt.PyJWTError:
            raise AuthError(401, INVALID_TOKEN) from None
        subject = claims.get("sub")
        if not isinstance(subject, str) or not subject:
            raise AuthError(401, INVALID_TOKEN)
        return subject


def issue_token(secret: str, user_id: str, *, ttl_seconds: int = 3600, now: float) -> str:
    """A token for `user_id` (for tests, the benchmark and the README example)."""
    import jwt

    claims = {"sub": user_id, "iat": int(now), "exp": int(now) + ttl_seconds}
    return jwt.encode(claims, secret, algorithm=ALGORITHM)
