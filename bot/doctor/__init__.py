"""`todobot doctor`: checks a deployment's settings, its database and each configured platform,
one line a check, saying what to do about each failure."""
