"""Getting work in exactly once: the durable inbox and its intake, delivery dedupe, scheduled
work leased until its time, and rate limits."""
