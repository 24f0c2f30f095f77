"""The agent runtime: the contract every agent meets, the builtin engine (offline, the
default), the OpenAI backend (the Agents SDK) and the hybrid of the two, all acting only
through the tools."""
