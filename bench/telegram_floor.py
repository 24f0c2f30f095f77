"""The floor of bench/telegram_webhook.py: a bare FastAPI endpoint that checks the secret.

The least a webhook can do: compare the secret Telegram sends in constant time, take the
body, say 200. (Its own module, imported only by the floor's server process: FastAPI reads
the endpoint's annotations at runtime.)
"""

import hmac

from fastapi import FastAPI, Request, Response

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


def floor_app(path: str, secret: str) -> FastAPI:
    app = FastAPI()
    expected = secret.encode()

    @app.post(path)
    async def webhook(request: Request) -> Response:
        given = request.headers.get(SECRET_HEADER, "").encode()
        if not hmac.compare_digest(given, expected):
            return Response(status_code=403)
        await request.body()
        return Response(status_code=200)

    return app
