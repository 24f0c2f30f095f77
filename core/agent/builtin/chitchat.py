"""Help, greetings, thanks, yes and no: whole messages that name no task."""

from __future__ import annotations

import re

from core.agent.builtin.words import NOCASE

HELP = re.compile(
    r"^(?:help|help\s+me|\?+|h|what\s+can\s+you\s+do|what\s+do\s+you\s+do|what\s+are\s+you|"
    r"who\s+are\s+you|how\s+does\s+(?:this|it)\s+work|how\s+do\s+(?:i|you)\s+use\s+(?:this|you|it|todobot)|"
    r"commands|menu|usage|instructions|options|what\s+are\s+(?:the|your)\s+(?:commands|options)|"
    r"how\s+can\s+you\s+help(?:\s+me)?|what\s+can\s+i\s+(?:say|do|ask)(?:\s+here)?|what\s+is\s+this|what'?s\s+this|how\s+do\s+i\s+start|"
    r"what\s+now|i'?m\s+(?:lost|confused|stuck)|show\s+(?:me\s+)?(?:the\s+)?help|"
    r"what\s+(?:commands|things)\s+(?:do\s+you|can\s+you)\s+(?:understand|do)|get\s+started|start)$",
    NOCASE,
)
GREETING = re.compile(
    r"^(?:hi|hello|hey|hiya|howdy|yo|sup|heya|hey+|hii+|greetings|good\s+(?:morning|afternoon|"
    r"evening|day)|morning|evening|what'?s\s+up|whats\s+up|how\s+are\s+you(?:\s+doing)?|"
    r"how'?s\s+it\s+going|hey\s+there|hi\s+there|hello\s+there|hallo|hola|bonjour|ciao)"
    r"(?:\s+(?:todobot|bot|there|friend|buddy|mate))?$",
    NOCASE,
)
THANKS = re.compile(
    r"^(?:thanks?|thank\s+you|thank\s+u|thx|ty|tysm|cheers|great|awesome|cool|nice|perfect|"
    r"good|great\s+thanks|thanks\s+a\s+lot|thank\s+you\s+so\s+much|much\s+appreciated|"
    r"appreciate\s+it|sounds\s+good|lovely|brilliant|excellent|wonderful|amazing|sweet|"
    r"good\s+job|well\s+done|nice\s+one|love\s+it|ok\s+thanks|okay\s+thanks|bye|goodbye|"
    r"see\s+you|see\s+ya|later|good\s+night|gn|lol|haha+|hehe+|nice\s+work|noted|got\s+you)$",
    NOCASE,
)
YES = re.compile(
    r"^(?:yes|yeah|yep|yup|yea|ya|y|sure|ok|okay|k|alright|please\s+do|do\s+it|go\s+ahead|"
    r"go\s+for\s+it|correct|right|exactly|absolutely|definitely|of\s+course|please|yes\s+please|"
    r"sure\s+thing|that'?s\s+right|that'?s\s+it|affirmative|confirm|yes\s+do\s+it|👍)$",
    NOCASE,
)
NO = re.compile(
    r"^(?:no|nope|nah|n|no\s+thanks|no\s+thank\s+you|not\s+really|don'?t|do\s+not|negative|"
    r"not\s+now|no\s+way|wrong|that'?s\s+wrong)$",
    NOCASE,
)
NEVER_MIND = re.compile(
    r"^(?:never\s*mind|nvm|nevermind|forget\s+it|forget\s+(?:about\s+)?(?:it|that)|scratch\s+that|"
    r"cancel|cancel\s+(?:it|that)|stop|abort|ignore\s+(?:that|it|me)|leave\s+it|skip\s+it|skip)$",
    NOCASE,
)
