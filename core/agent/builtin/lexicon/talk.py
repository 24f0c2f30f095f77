"""The words around a request: greetings, fillers, politeness, yes and no, oops."""

from __future__ import annotations

# Words before a request that say nothing about it ("hey, …", "ok so …", "btw …"); they
# are dropped with the punctuation or space after them.
LEAD_INS: tuple[str, ...] = (
    "hey", "hi", "hello", "hiya", "yo", "ok", "okay", "alright", "all right", "so", "well",
    "oh", "ah", "and", "also", "then", "now", "pls", "plz", "please", "kindly", "todobot",
    "hey there", "hi there", "actually", "quick one", "quick", "quickly", "btw", "by the way",
    "one more thing", "and then", "and also", "oh and", "oh also", "good morning",
    "good evening", "good afternoon", "wait no", "oh wait", "good news", "great news", "fyi",
    "ugh", "argh", "omg", "wow", "yay", "phew", "finally", "lol", "ok so", "right so", "so yeah",
)  # fmt: skip
# Lead-ins whose last letter may be drawn out ("ummm", "hmmm", "hahaha", "woohooo").
DRAWN_OUT: tuple[str, ...] = ("um", "uh", "er", "hm", "haha", "woohoo")
# Words dropped before a request only with punctuation after them ("great, …", "no, …").
LEAD_INS_WITH_A_COMMA: tuple[str, ...] = (
    "k", "bot", "great", "cool", "perfect", "awesome", "nice", "good", "thanks", "thank you",
    "oops", "wait", "right", "morning", "evening", "afternoon", "g'day", "gday", "yes", "yeah",
    "yep", "yup", "sure", "no", "nope", "hmm", "one more", "never mind", "nevermind", "nvm",
    "scratch that", "forget it", "forget that", "on second thought", "on second thoughts",
)  # fmt: skip
# Ways of wrapping a request ("can you …", "I'd like you to …", "go ahead and …").
POLITE_ASKS: tuple[str, ...] = (
    "would you mind", "please to", "pls to",
    "i'd like to", "id like to", "i would like to", "i'd like you to", "id like you to",
    "i would like you to", "i want you to", "i need you to", "i'm asking you to",
    "im asking you to", "go ahead and", "let's", "lets", "let us", "let me",
)  # fmt: skip
KIND_ASKS: tuple[str, ...] = ("be so kind as to", "be so kind and")
GO_AHEAD: tuple[str, ...] = ("go ahead and",)
# "can you …", "could u …": a modal and "you".
ASKING_MODALS: tuple[str, ...] = ("can", "could", "would", "will", "won't", "can't")
YOU: tuple[str, ...] = ("you", "u", "ya")
# "can we move …", "shall we push …": a request made together.
WE: tuple[str, ...] = ("we",)
ASKING_TOGETHER: tuple[str, ...] = ("shall", "should")
# Single words that soften a request, wherever they stand at its start.
SOFTENERS: tuple[str, ...] = ("please", "pls", "plz", "kindly", "just", "quickly", "also", "then")
# Words after a request that say nothing about it ("…, thanks!", "… if you can").
TRAILERS: tuple[str, ...] = (
    "thanks so much", "thank you so much", "thanks a lot", "many thanks", "much appreciated",
    "lol", "lmao", "please", "pls", "plz", "thanks", "thank you", "thank u", "thx", "ty", "ta",
    "cheers", "for me", "if you can", "if you could", "if possible", "when you can",
    "would you", "could you", "can you", "will you", "right now", "now", "ok", "okay", "kthx",
    "rn", "atm", "at the moment", "currently", "as of now", "as of today", "at this point",
    "mate", "buddy", "todobot", "tbh", "to be honest", "tbf", "finally", "at last", "at long last",
)  # fmt: skip
DRAWN_OUT_TRAILERS: tuple[str, ...] = ("haha",)
# Words that lead a correction of the last turn ("oops, I meant task 2", "no wait, …").
CORRECTION_LEADS: tuple[str, ...] = (
    "no", "nope", "nah", "oops", "sorry", "wait", "whoops", "my bad", "ah", "oh", "actually",
)  # fmt: skip
# Whole messages, each read as one thing.
HELP: tuple[str, ...] = (
    "help", "help me", "h", "what can you do", "what do you do", "what are you", "who are you",
    "how does this work", "how does it work", "how do i use this", "how do i use you",
    "how do i use it", "how do i use todobot", "how do you use this", "how do you use it",
    "commands", "menu", "usage", "instructions", "options", "what are the commands",
    "what are your commands", "what are the options", "what are your options",
    "how can you help", "how can you help me", "what can i say", "what can i do",
    "what can i ask", "what can i say here", "what can i do here", "what can i ask here",
    "what is this", "what's this", "whats this", "how do i start", "what now", "i'm lost",
    "im lost", "i'm confused", "im confused", "i'm stuck", "im stuck", "show help",
    "show me help", "show the help", "show me the help", "what commands do you understand",
    "what commands can you understand", "what things do you understand",
    "what things can you do", "what commands can you do", "get started", "start",
)  # fmt: skip
GREETINGS: tuple[str, ...] = (
    "hi", "hello", "hey", "hiya", "howdy", "yo", "sup", "heya", "greetings", "good morning",
    "good afternoon", "good evening", "good day", "morning", "evening", "what's up",
    "whats up", "how are you", "how are you doing", "how's it going", "hows it going",
    "hey there", "hi there", "hello there", "hallo", "hola", "bonjour", "ciao",
)  # fmt: skip
DRAWN_OUT_GREETINGS: tuple[str, ...] = ("hey", "hii")
# "hi bot", "hello there friend".
GREETED: tuple[str, ...] = ("todobot", "bot", "there", "friend", "buddy", "mate")
THANKS: tuple[str, ...] = (
    "thanks", "thank", "thank you", "thank u", "thx", "ty", "tysm", "cheers", "great",
    "awesome", "cool", "nice", "perfect", "good", "great thanks", "thanks a lot",
    "thank you so much", "much appreciated", "appreciate it", "sounds good", "lovely",
    "brilliant", "excellent", "wonderful", "amazing", "sweet", "good job", "well done",
    "nice one", "love it", "ok thanks", "okay thanks", "bye", "goodbye", "see you", "see ya",
    "later", "good night", "gn", "lol", "nice work", "noted", "got you",
)  # fmt: skip
DRAWN_OUT_THANKS: tuple[str, ...] = ("haha", "hehe")
YES: tuple[str, ...] = (
    "yes", "yeah", "yep", "yup", "yea", "ya", "y", "sure", "ok", "okay", "k", "alright",
    "please do", "do it", "go ahead", "go for it", "correct", "right", "exactly", "absolutely",
    "definitely", "of course", "please", "yes please", "sure thing", "that's right",
    "thats right", "that's it", "thats it", "affirmative", "confirm", "yes do it", "👍",
)  # fmt: skip
NO: tuple[str, ...] = (
    "no", "nope", "nah", "n", "no thanks", "no thank you", "not really", "don't", "dont",
    "do not", "negative", "not now", "no way", "wrong", "that's wrong", "thats wrong",
)  # fmt: skip
NEVER_MIND: tuple[str, ...] = (
    "never mind", "nevermind", "nvm", "forget it", "forget that", "forget about it",
    "forget about that", "scratch that", "cancel", "cancel it", "cancel that", "stop", "abort",
    "ignore that", "ignore it", "ignore me", "leave it", "skip it", "skip", "never mind that",
    "nevermind that", "nvm that", "disregard that", "ignore that last one",
    "forget that last one", "ignore the last one", "forget the last one", "don't bother",
    "dont bother", "do not bother",
)  # fmt: skip
# Words that agree before another request ("yes, put it on my list").
AGREEING: tuple[str, ...] = ("yes", "yeah", "yep", "yup", "sure", "ok", "okay", "please")
# How a message that asks or talks, rather than names a task, may start ("tell me …").
NOT_A_TASK_STARTS: tuple[str, ...] = (
    "tell", "show", "give", "explain", "help", "i'm", "im", "it's", "its", "i think",
    "i reckon", "i guess", "i suppose", "i believe",
)  # fmt: skip
# How small talk around a day may start ("see you tomorrow", "have a good weekend"): a
# line like that names no task, even with a date in it.
SMALL_TALK_STARTS: tuple[str, ...] = (
    "see you", "see ya", "cya", "see u", "talk", "speak", "catch you", "catch ya", "have a",
    "have fun", "enjoy", "bye", "goodbye", "good", "night", "nite", "happy", "hope", "hopefully",
    "thanks", "thank you", "cheers", "ta", "morning", "evening", "afternoon", "anything",
    "nothing", "something", "everything", "any", "no", "nope", "yes", "yeah", "ok", "okay",
    "i", "i'm", "im", "i've", "ive", "i'll", "ill", "i'd", "we", "we're", "you", "you're",
    "u", "it", "it's", "its", "that", "that's", "this", "there", "they", "he", "she", "was",
    "were", "is", "are", "am", "be", "been", "not", "so", "same", "busy", "off", "free",
    "later", "soon", "he's", "she's", "they're", "we've", "you've", "there's", "what's",
)  # fmt: skip
# Words a bare task line hardly holds, that make it a sentence about something ("buy milk
# should be done by friday", "my boss asked me to …").
NOT_IN_TITLES: tuple[str, ...] = (
    "is", "are", "was", "were", "should", "would", "could", "will", "shall", "must", "might",
    "asked", "told", "said", "wants", "wanted", "needs", "has", "had",
)  # fmt: skip
# How an aside after a request may start: a reason or a remark that asks nothing ("make the
# tap one high priority, it's getting worse", "set the loft to low, no rush").
ASIDE_STARTS: tuple[str, ...] = (
    "because", "cos", "coz", "cuz", "'cause", "cause", "since", "as", "bc", "it's", "its",
    "it is", "it can", "it'll", "it will", "it has", "it needs", "it keeps", "it got", "that's",
    "thats", "they're", "theyre", "i'm", "im", "i've", "ive", "i have", "i am", "i'll", "got",
    "no rush", "no hurry", "not urgent", "no biggie", "no stress", "getting", "too", "way too",
    "there's", "theres", "we're", "were", "we've", "he's", "she's", "the deadline",
    "deadline's", "can wait", "not a priority", "not important", "not that important",
    "ugh", "sigh", "lol", "haha", "no deadline", "no due date", "no date", "no more deadline",
    "doesn't matter", "does not matter",
)  # fmt: skip
# Words that open a reason, with or without a comma before them ("… because it's late").
BECAUSE: tuple[str, ...] = ("because", "cos", "coz", "cuz", "since", "bc")
# Answers to "one task or two?".
AS_ONE: tuple[str, ...] = (
    "one", "1", "a single one", "single", "one task", "as one", "together", "keep it together",
    "keep them together", "first", "the first", "first one", "the first one", "option 1",
)  # fmt: skip
AS_TWO: tuple[str, ...] = (
    "two", "2", "both", "two tasks", "as two", "separate", "separately", "split", "split it",
    "split them", "second", "the second", "second one", "the second one", "option 2",
)  # fmt: skip
# Answers to "You already have #3 … — add another?".
ANOTHER: tuple[str, ...] = (
    "another", "another one", "one more", "it anyway", "it again", "it too", "one anyway",
    "one again", "one too", "them anyway", "them again", "them too", "anyway", "again",
    "a second one", "a new one",
)  # fmt: skip
