"""The task domain: tasks and their fields, dues and time zones, how tasks read as text and
as listing pages, the change log behind undo, and the trash."""
