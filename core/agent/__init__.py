"""The agent runtime: the contract every agent meets, the builtin engine (offline, the
default) and the OpenAI backend (the Agents SDK), both acting only through the tools."""
