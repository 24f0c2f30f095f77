"""The HTTP side of todobot: the JSON chat API of seed 004, its JWT auth and its schemas."""
