"""Reminders: rows owed to a person at a moment, delivered where they asked, exactly once.

`book` writes and changes them (inside a turn's transaction), `notice` phrases them,
`dispatch` claims due ones through the inbox and hands them to a platform's `Sender`,
`buttons` decides the Done / Snooze 1 h / Tomorrow 9:00 presses.
"""
