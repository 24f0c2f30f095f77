"""The documentation written from the code: the configuration page and `.env.example` from the
settings model, the command reference from the CLI, the chat API's OpenAPI document from the
app, the counts the pages quote, and the map of the core's rooms in docs/ARCHITECTURE.md.
`python3 -m bot.docs_gen` writes them all; `--check` (and `tests/test_docs_generated.py`) fails
when a committed copy has drifted."""
