"""The task domain: tasks and their fields, dues and time zones, the tools, slash commands,
the change log behind undo, and the trash."""
