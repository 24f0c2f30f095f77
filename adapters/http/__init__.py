"""The HTTP side of todobot: the JSON chat API, its JWT auth and its schemas."""
