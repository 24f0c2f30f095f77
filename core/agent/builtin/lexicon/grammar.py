"""The little words that hold a phrase together: articles, pronouns, prepositions,
conjunctions, auxiliaries and common adverbs. Readers may spell these in their patterns;
every other word a reader looks for is in a table of the lexicon."""

from __future__ import annotations

GRAMMAR: frozenset[str] = frozenset(
    {
        # articles, determiners, pronouns
        "a", "an", "the", "my", "our", "your", "its", "his", "her", "their", "this", "that",
        "these", "those", "all", "every", "each", "any", "some", "no", "another", "other",
        "both", "same", "i", "me", "we", "us", "you", "it", "them", "they", "he", "she", "one",
        "ones", "myself", "everything", "anything", "something", "nothing", "everyone",
        "someone", "what", "which", "when", "how", "who", "where", "why", "whatever",
        # prepositions and particles
        "to", "on", "onto", "in", "into", "of", "off", "for", "from", "by", "with", "about",
        "at", "as", "up", "out", "back", "down", "over", "before", "after", "until", "till",
        "than", "like", "through", "away", "via", "per", "without", "around",
        # conjunctions
        "and", "or", "but", "so", "then", "if", "because", "since", "plus", "nor",
        # auxiliaries and modals, with their contractions' parts
        "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "have",
        "has", "had", "will", "would", "can", "could", "should", "must", "shall", "may",
        "might", "not", "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "haven",
        "hasn", "hadn", "won", "wouldn", "couldn", "shouldn", "mustn", "ain", "ll", "ve", "re",
        "let", "get", "got", "gotten", "go", "going", "make", "take", "well", "need", "needs",
        "else", "un",
        # contractions written without their apostrophe
        "im", "whats", "thats", "dont",
        # adverbs
        "just", "already", "now", "still", "yet", "again", "too", "also", "really", "very",
        "only", "even", "ever", "never", "actually", "finally", "instead", "here", "there",
        "quite",
    }
)  # fmt: skip
