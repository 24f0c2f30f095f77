"""The builtin engine's words, as data: every word a reader looks for is an entry in one of
these tables, and the readers build their patterns from them (`pattern.alt`). Adding a
phrasing or a synonym is one edit here. Each module holds one kind of word:

- `grammar`: the little words patterns may spell out themselves (articles, pronouns, …);
- `tasks`: what people call a task and their list;
- `numbers`: number and ordinal words, counts;
- `verbs`: the verb families (add, complete, delete, edit, show) and the done words;
- `talk`: greetings, thanks, yes and no, fillers, politeness, oops;
- `time`, `fields`, `reminders`, `undo`, `safety`, `recent`: the words of one feature each;
- `links`: what is left of a clause beside a title once the date it told is read;
- `spelling`, `forms`: misspellings and word forms (irregular verbs, stop words);
- `languages`, `emoji`: other languages and reactions.
"""
