"""Text analysis for enrichment: sentences, the contribution sentence, method names, keyphrases.

Hand-written on purpose: abstracts follow a narrow, predictable rhetoric ("we propose X, a …"),
and a few compiled regular expressions handle it deterministically, offline and in microseconds,
which keyword libraries built on NLP models (and their downloads) would not.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache


def wordset(words: str) -> frozenset[str]:
    """The whitespace-separated words of `words` as a set."""
    return frozenset(words.split())


MIN_KEYWORDS = 5
MAX_KEYWORDS = 8

# "\*" is a star. Each alternative starts with its character and looks behind it only after: a
# pattern opening with a look-behind is tried at every position of the text, this one only at marks.
_MARKDOWN = re.compile(r"\*(?<!\\\*)\*|\*(?<![\\\w]\*)(?=\S)|\*(?<=[^\s\\]\*)(?!\w)|`|~~|\|\|")
_ESCAPE = re.compile(r"\\([*_`~|\\])")
# Group 1 is the space between sentences. Matching the full stop itself (rather than looking behind
# for it at every position) lets the regex engine skip ahead to the punctuation.
_SENTENCE_END = re.compile(r"[.!?]([”\"')\]]?\s+)(?=[A-Z0-9(“\"\[*])")
_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", " vs.", " cf.", "Fig.", "Eq.", "Sec.", "resp.", "approx.", "etc.", "Dr.",
                  " No.")
_CREATE_VERBS = (
    r"propose|introduce|present|develop|design|devise|put forward|formulate|establish|offer|"
    r"construct|curate|release|build|create|contribute|unveil|describe|provide|advocate"
)
# An adverb ("formally", "jointly"), not a verb that ends like one ("apply", "rely").
_LY_ADVERB = r"(?!(?:apply|supply|reply|rely|multiply|comply|imply)\b)\w+ly\b"
# "we", "this paper", "the present work", "our study", "here, we" as whole words, case aside. Written to open
# with one character class outside any flag: the regex engine then skips straight to the letters a subject
# starts with instead of trying the pattern at every position of the sentence (with re.IGNORECASE, or an
# alternation first, it cannot: a search cost four times as much). (?<!\w.) is the \b before the subject;
# each alternative checks, case-insensitively, the letter it follows. A pattern using it puts the rest in (?i:…).
_SUBJECT_NOUN = r"(?:paper|work|study|article|note|manuscript|thesis|contribution)\b"
_SUBJECT = (r"[WwTtOoHh](?<!\w[WwTtOoHh])(?i:(?<=w)e\b|(?<=t)(?:his|he present) " + _SUBJECT_NOUN
            + r"|(?<=o)ur " + _SUBJECT_NOUN + r"|(?<=h)ere,? we\b)")
_CREATE_VERB_SET = wordset(_CREATE_VERBS.replace("|", " "))
_INTRO = re.compile(
    _SUBJECT + r"(?i:(?:\s+have)?(?:\s+(?:also|further|first|then|therefore|thus|hence|instead|newly|additionally|"
    r"furthermore|finally|here|now|formally|jointly|hereby|herein|therein|" + _LY_ADVERB + r")\b)*+"  # possessive:
    # "formally" is both a listed adverb and an -ly word; backtracking over both ways for a run of
    # adverbs would be exponential.
    r"\s+(?P<verb>" + _CREATE_VERBS + r")(?:e?s|d|ed)?\b"
    r"(?!(?<=build)\s+(?:up)?on\b)(?!(?<=builds)\s+(?:up)?on\b)(?!(?<=contribute)\s+to\b)"  # creates nothing
    r"[,:]?\s*)",
)
# The last of a list of what "we" did: "We attribute this to …, prove it, and propose adaptive temperature …".
_AND_INTRO = re.compile(r",?\s+and\s+(?:also\s+|then\s+|further\s+|finally\s+)?"
                        r"(?P<verb>propose|introduce|present|develop|design|devise)\b[,:]?\s*", re.IGNORECASE)
_WE = re.compile(r"\bwe\b", re.IGNORECASE)
_BY_INTRO = re.compile(r"\b(?:by|through|via)\s+(?:introducing|proposing|developing|presenting|designing)\s+",
                       re.IGNORECASE)


# Cheap substring tests that rule out most sentences before a regex search. Spelled out: a test
# per word in one expression costs a third of any(word in text for word in WORDS).
def _has_intro_hint(low: str) -> bool:
    """Whether a lower-cased sentence has a word every introduction needs ("we propose", "this paper …")."""
    return ("we " in low or "paper" in low or "work" in low or "study" in low or "article" in low or "note" in low
            or "manuscript" in low or "thesis" in low or "contribution" in low)


def _has_naming_hint(text: str) -> bool:
    """Whether `text` has a word that names something ("called", "dubbed" …), as written (case matters)."""
    return ("called" in text or "named" in text or "dubbed" in text or "termed" in text or "coined" in text
            or "denoted" in text or "referred" in text)


# Not after a hyphen: "a so-called Karmic property" names nothing new.
_NAMING = re.compile(r"(?<![\w-])(?<!\b[Ss]o )(?:called|named|dubbed|termed|coined|denoted|referred to as|"
                     r"refer to as)\s+",
                     re.IGNORECASE)
# What the spelling rules in gerund() get wrong.
_GERUNDS = {verb: (verb + verb[-1] + "ing").capitalize() for verb in wordset(
    "dispel compel propel expel control transfer refer prefer occur permit omit submit commit admit begin "
    "forget regret equip embed shed shred")} | {"studies": "Studying", "panic": "Panicking", "be": "Being"}
_NAME_TOKEN = re.compile(r"(?<![\w-])[A-Za-z0-9][A-Za-z0-9]*(?:[-.+][A-Za-z0-9]+)*\+*(?![\w-])")
# (The look-behind after the "*": one opening the pattern is tried at every position of the text.)
_EMPHASIS = re.compile(r"\*\*([^*]+)\*\*|\*(?<![\\*]\*)([^*\s][^*]*?)\*(?!\*)")
_QUOTED = re.compile(r"[“\"]([A-Z][^”\"]{2,60})[”\"]")
_CLAUSE_BREAKS = re.compile(
    r",\s+(?:which|where|while|whilst|whereas|thereby|and|but|allowing|enabling|achieving|"
    r"making|leading|resulting|drawing|using|leveraging|based)\b|"
    r"\s+(?:that|which|where|whose|while|whilst|whereas|without|and|to|by|via|through|using|with|for|in|on|across|"
    r"under|from)\s+|[,;:–—]\s+"
)
_TRAILING_WEAK = re.compile(
    r"(?:[\s,;:–—(\-]*\s+(?:a|an|the|of|to|and|or|for|with|by|via|in|on|at|from|that|which|as|its|their|our|is|are|"
    r"be|this|these|both|while|whilst|when|into|under|over|between|among|than|such|designed|aimed|tailored|used|"
    r"able|capable|based|called|named|in order|we|they|along|even|showing|aims|aiming|in particular|"
    r"(?:allow|enable)(?:s|ing)?(?:\s+(?:us|one))?|leading|like|then|how|consisting|due|whether|if|with respect))+"
    r"[\s,;:–—(\-]*$|[\s,;:–—(\-]+$"
    # a conjunction after a clause's mark leads into the clause cut off ("… task distributions; yet"), as "and" does;
    # after a word it may close the phrase ("not studied yet")
    r"|[,;:–—]\s*(?:yet|but|however|so)[\s,;:–—(\-]*$",
    re.IGNORECASE,
)
# What _TRAILING_WEAK can remove ends with one of these characters or words (checked first: cheap).
_WEAK_TAIL_CHARS = frozenset(",;:–—(-")
_WEAK_LAST_WORDS = wordset(
    "a an the of to and or for with by via in on at from that which as its their our is are be this these both "
    "while whilst when into under over between among than such designed aimed tailored used able capable based called "
    "named order we they along even showing aims aiming particular allow allows allowing enable enables "
    "enabling us one leading like then how consisting due whether if respect yet but however so")
# "i.e.", "e.g.", "w.r.t." lead into what follows: a headline cut after one ends before it.
_ABBREVIATIONS_LEADING_ON = ("i.e", "e.g", "w.r.t", "i.e.", "e.g.", "w.r.t.")
_ABBREVIATION_TAIL = re.compile(r"[\s,;:(]*\b(?:i\.e|e\.g|w\.r\.t)\.?$")
_TITLE_RUN_END = re.compile(
    r"(?<=\s)(?:[A-Z][\w’'-]+\s+(?:(?:of|and|for|with|the|in|on|via|to)\s+)?)+[A-Z][\w’'-]+(?=\s+[a-z])")
_LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_PASSIVE_INTRO = re.compile(
    r"^(?P<subject>(?:In this (?:paper|work),?\s*)?(?:a|an|the|two|three|several|new|novel)\b[^,;]*?)\s+"
    r"(?:is|are)\s+(?:\w+ly\s+)?(?:proposed|introduced|presented|developed)\b(?P<rest>.*)$", re.IGNORECASE)
_OBJECT_LEAD_IN = re.compile(r"^(?:(?:in this (?:paper|work|article|study)|to the best of our knowledge|here|herein|"
                             r"therefore|thus|hence|"
                             r"first|then|further|also|finally|instead|accordingly),\s*)+", re.IGNORECASE)
_LEADING_THE = re.compile(r"^the\s+", re.IGNORECASE)
_LEADING_LEAD_IN = re.compile(r"^(?:(?:in this|here|finally|moreover|furthermore|thus|therefore|to this end|"
                              r"specifically)[\w ]*,\s*)+", re.IGNORECASE)
_NAMING_WORD = re.compile(r"\s*\b(called|named|dubbed|termed|coined|denoted|referred to as)\b\s*",
                          re.IGNORECASE)
_TRAILING_TITLE = re.compile(
    r"(?:^|\s)(?:[A-Z][\w’'-]*\s+(?:(?:of|and|for|the|in|with|to|via|on|from)\s+)?)+[A-Z][\w’'-]*$")
_ONLY_FILLER = re.compile(r"(?:(?:a|an|the|novel|new|simple|general|our|this)\s*)+", re.IGNORECASE)
_WEAK_OBJECT = re.compile(
    r"^(?:(?:some|new|novel|extensive|empirical|theoretical|experimental|preliminary|several|numerous|the|"
    r"our|both|two|three|a|an|comprehensive|thorough|detailed|and)\s+)*"
    r"(?:results?|experiments?|evidence|analys[ie]s|findings|insights|comparisons?|evaluations?|"
    r"simulations?|experimental|empirical|numerical|bounds?|guarantees?|proofs?|examples?)\b"
    r"|^(?:[\w-]+\s+)?results\b",  # "unidentifiability results for …": what was found, not what was made
    re.IGNORECASE,
)
# An object that only points back ("the first such analysis", "their use as …") says nothing on its own.
# "we resolve this challenge", "we tackle these issues": a demonstrative and its noun, nothing a headline can show.
_ONLY_POINTS_BACK = re.compile(r"(?:this|these|that|those)\s+[\w-]+$", re.IGNORECASE)
_ANAPHORIC_OBJECT = re.compile(r"^(?:the\s+)?(?:first\s+)?(?:such|this|these|those|it|its|their|them)\b", re.IGNORECASE)
_WE_VERB = re.compile(
    _SUBJECT + r"(?i:(?:\s+(?:also|further|first|then|systematically|formally|carefully|empirically|"
    r"theoretically|rigorously|thoroughly|comprehensively|instead|here|now|thus|hence|therefore|finally|"
    r"furthermore|moreover|" + _LY_ADVERB + r")\b)*+\s+(?P<verb>[a-z]+(?:-[a-z]+)?)\b,?\s*)",  # *+: see _INTRO;
    # a hyphen belongs to the verb: "we re-formulate" is "Re-formulating", not "Ring -formulate"
)
_CONDITIONAL_BEFORE = re.compile(r"\b(?:[Ii]f|[Ww]hen|[Uu]nless|[Ww]hether|[Oo]nce|[Ss]ince|[Aa]lthough|"
                                 r"[Tt]hough|[Ww]hile|[Bb]ecause)\s+(?:\w+\s+)?$")
NOT_A_CONTRIBUTION_VERBS = wordset(
    "are is was were have has had can could will would may might must should do does did also then need "
    "needs believe hope note observe refer call term use used find found we our this that it appear appears "
    "seem seems"
)
_DESCRIPTOR_SUFFIXES = wordset("like type style based free aware specific driven guided level wise agnostic "
                               "inspired friendly only dependent independent invariant equivariant")
_AUXILIARIES = wordset("are is was were be been has have had can could will would may might must should do does did")
_AIM_VERBS = wordset("aim seek attempt try strive intend want wish set proceed continue")
_CLAIM_VERBS = wordset("show shows showed prove proves demonstrate demonstrates argue argues establish establishes "
                       "see sees "
                       "discover discovers conjecture reveal reveals confirm confirms")
_ACRONYM_DEFINITION = re.compile(r"\(\s*([A-Za-z][A-Za-z0-9\-+]*[A-Z][A-Za-z0-9\-+]*s?)\s*\)")
# An adverb left at the end of a cut ("… in a computationally | and statistically efficient way").
# … or a participle or a one-word relative clause ("…, proving | that …", "… algorithm that works | in …",
# "… which is inspired | by …").
_DANGLING_ADVERB = re.compile(r"\s+[a-z]{3,}ally$|,\s+[a-z]{3,}(?:ing|able|ible|ly)$"
                              r"|\s+(?:that|which)\s+(?:(?:is|are)\s+)?[a-z]+$|\s+(?:inspired|motivated)$")
_OWNED = re.compile(r"\b[Oo]ur\s+(?:(?:new|novel|proposed)\s+)?$")
_TITLED_BEFORE = re.compile(r"(?:[A-Z][\w’'-]*\s+(?:(?:of|and|for|the|in|with|to|via|on|from|a)\s+)?){1,7}$")



COMMON_ACRONYMS = wordset(
    """AI ML DL NLP CV RL LLM VLM MLLM LVLM LM MLM SLM GPU CPU TPU KV QA VQA SOTA API CNN RNN GNN MLP
    LSTM GAN VAE BERT GPT SGD ADAM IID OOD PCA SVD SVM KL MSE ELBO MCMC MDP POMDP RLHF DPO PPO ODE PDE
    SDE NN DNN ViT CLIP ASR TTS OCR IoT UAV USA EU MRI CT ECG EEG FL DP NP RKHS BO GP LP MILP ILP SAT
    ReLU NTK AUC ROC FID IS BLEU ROUGE PAC VC ERM SOC RAG CoT ICL MoE LoRA PEFT SFT US UK GPUs LLMs
    VLMs MLLMs LVLMs LMs DNNs GNNs CNNs AE AD DR TS GD FW LR BH ES TN TT CPD GMM NCE EM SVI
    SMC KDE PSD LDA ICA NMF ADMM DAG SCM ATE CATE IV RCT"""
)
STOPWORDS = wordset(
    """a about above across after again against all almost along already also although always among an and
    another any are around as at be because been before being below between both but by can could did do
    does doing done down due during each either else enough especially even ever every few for from
    further had has have having here hence how however i if in into is it its itself just less like made
    make makes many may might more moreover most much must namely neither no nor not now of off often on
    once one only onto or other others otherwise our ours out over own per rather same several shall
    should since so some such than that the their them themselves then there thereby therefore these
    they this those though through thus to together too toward towards under unlike until up upon us use
    used uses using via was we well were what when where whereas whether which while who whom whose why
    will with within without would yet you your i.e e.g et al i.e. e.g. etc vs two three four five first
    second third new novel propose proposed proposes present presents introduce introduces introduced
    show shows shown demonstrate demonstrates demonstrated achieve achieves achieved provide provides
    based existing extensive experimental significantly significant state-of-the-art sota improve
    improves improved outperform outperforms outperforming effective effectively efficient efficiently
    various different recent recently key important challenging prior previous previously current
    currently crucial critical able across able addition additionally allow allows enabling enable
    enables evaluate furthermore however lack leads leading learn limited major notably novel numerous
    obtain obtains offer offers particular particularly practical real remains remain requires require
    respectively shown simple specifically substantially terms theoretical theoretically toward whole
    wide widely yield yields find finds found often aim aims better best high higher large larger low
    lower small smaller strong stronger include includes including consider considers called termed
    named dubbed given across against empirical empirically extensive extensively comprehensive broad
    generally general key us one's"""
)
_ACRONYM_IN_PARENS = re.compile(r"\(([A-Z][A-Za-z]*[A-Z]s?)\)")
_NAME_PARTS = re.compile(r"[-.+/]")
_TWO_CAPITALS = re.compile(r"[A-Z][^A-Z]*[A-Z]")
_DIGITS = "0123456789.,'’-"
# A chunk break (punctuation, a spaced dash) or a word; words hold no "." or "'": those break chunks.
# Letters include Latin-1 and Latin Extended-A, so "Fréchet" and "Schrödinger" stay whole words.
_WORD_CHAR = "A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f"
# findall() gives group 1, the token. The leading \s* takes the spaces before a token into its match,
# so the engine does not try (and fail) every alternative at every space; the alternatives start
# with different characters, so their order (most frequent first) changes no token.
_TOKEN = re.compile(rf"\s*([{_WORD_CHAR}][{_WORD_CHAR}\u0300-\u036f’\-]*[{_WORD_CHAR}]|[{_WORD_CHAR}]"
                    rf"|[,.;:!?()\[\]{{}}“”\"'/|=<>]+|\s[–—-]\s)")
_BEFORE_A_VERB = wordset("we that which who it they can could may might will would should must to also often "
                         "sometimes first then further thereby not")
# "not" opens a verb after an auxiliary ("do not discriminate against", "does not impose …", "is not convex"); after
# anything else it opens the noun phrase set against the one before ("inference performance, not parameter count"):
# `previous` is then _CONTRASTING_NOT, a word no set holds (_AUXILIARIES: above).
_CONTRASTING_NOT = "not,"
# What a verb's object opens with and a plural noun is seldom followed by: a word in -s after a noun and before one
# is a verb ("the architecture melds the LSTM …", "the seller observes a …"), not the plural closing a phrase
# ("attention heads"). Not "such": "methods such as …".
# So does a quantifier or a question word: "this approach encompasses many …", "the theory illustrates how …".
_DETERMINERS = wordset("the a an its their this these those each every both our his her any all another "
                       "some many most several how whether why what")
# "The model weights in …" may be a noun phrase or a sentence: after "the", a word in -s is read as a verb only where
# the noun before it is one that seldom qualifies another ("the framework rests on …", "the method excels in …",
# "the result holds in …"; not "model", "system", "problem", "study", "error": "the model weights", "the study
# participants", "the error bounds") and a preposition opens what follows it.
_SUBJECT_NOUNS = wordset("framework approach method algorithm theory result paper work contribution")
_BEFORE_A_SUBJECT = wordset("the our its their proposed")
_AFTER_ITS_VERB = wordset("on upon in into with within to from at")
# A determiner of one thing before a noun: the word in -s after that noun is its verb ("an agent interacts with",
# "this approach encompasses"), as "a feature maps" is no English.
_SINGULAR_DETERMINERS = wordset("a an each every this another")
# After an adjective the word in -s is the noun it qualifies, whatever follows ("analytical tasks a user performs").
_ADJECTIVE_ENDINGS = ("al", "ous", "ful", "able", "ible", "less", "ary")
_POSSESSIVE = ("’s", "'s")
_NOT_BEFORE_A_VERB = (*_ADJECTIVE_ENDINGS, "ing", *_POSSESSIVE)
# Words that follow the noun they qualify, with their preposition: "an estimator subject to a constraint", "the
# posterior distribution according to …", "a kernel corresponding to …". Before it they close no keyphrase ("SGD
# subject", "distribution according"); written otherwise they may be one's words ("human subjects", "corresponding
# eigenvalues").
_BEFORE_ITS_PREPOSITION: dict[str, frozenset[str]] = {
    word: wordset(prepositions) for words, prepositions in (
        ("subject according corresponding owing thanks akin", "to"),
        ("consisting regardless irrespective capable", "of"),
        ("depending contingent", "on"),
        ("relevant", "to for"),
        # adjectives after the noun they say a thing of: "a subset of the data proportional to its diversity", "an
        # action space size exponential in the reward's", "a framework analogous to …", "the regret achievable by …"
        ("proportional analogous", "to"),
        ("exponential polynomial polylogarithmic logarithmic quadratic", "in"),
        ("achievable attainable", "by"),
        ("lying", "on in within"),
        # participles after their noun: "each individual contributing to the database", "means belonging to P",
        # "the Liouville operator acting on densities", "the prediction set accounting for …", "data missing in …"
        ("contributing belonging", "to"),
        ("accounting", "for"),
        ("acting", "on upon"),
        ("missing", "at in from"),
    ) for word in words.split()}
# Verbs that are nouns too, before the preposition the verb takes: the noun's ("a strong focus on", "the research focus
# on") unless the words before make it the verb of the noun before it ("adaptive ATE estimation focus on …", "modular
# LfD focus either on …"; _said_of_its_subject). After a plural the word is dropped anyway ("existing methods focus").
# So are verbs in -s that read as plural nouns, before the preposition the verb takes: "here depth acts as a
# preconditioner", "this new measure correlates with …", "a node’s representation draws from …"; not after "the",
# "our" … nor after an adjective ("the posterior draws from …", "collective acts as …"), nor "draws" as a noun
# (_NOUNS_AS_OFTEN).
_VERB_OR_NOUN_BEFORE_ITS_PREPOSITION: dict[str, frozenset[str]] = {
    "focus": wordset("on upon either"), "acts": wordset("as"), "correlates": wordset("with"),
    "draws": wordset("from upon")}
# Of those, the nouns as often as verbs ("generating complete draws from the joint distribution"): verbs only after a
# determiner of one thing (_one_of_them: "a node’s representation draws from …").
_NOUNS_AS_OFTEN = wordset("draws")
# Quick tests in _candidates before the calls and look-ups that seldom find anything: _ends_on_a_verb is true only
# after a determiner or one of these before the run; a word keeps its preposition only if it is one of these.
_BEFORE_A_SUBJECT_OF_ITS_VERB = _BEFORE_A_SUBJECT | _SINGULAR_DETERMINERS
_KEEPING_THEIR_PREPOSITION = frozenset(_BEFORE_ITS_PREPOSITION) | frozenset(_VERB_OR_NOUN_BEFORE_ITS_PREPOSITION)
# Adverbs in -ly that point at a noun rather than say how something is done: a word in -s after them is a plural
# noun ("only samples from …", "especially graphs with …"), after any other ("efficiently prunes over …") a verb.
_BEFORE_A_NOUN_IN_S = wordset("only especially particularly mainly mostly namely merely solely primarily largely "
                              "notably exclusively specifically chiefly")
_BEFORE_A_GERUND = wordset("by while without when after before through via thus thereby") | {",,"}  # ",,": a mark
# after a predicate (_ANOTHER_PREDICATE_AFTER_A_MARK, defined below)
# Verb forms that open or join clauses; they split keyphrase candidates like stop words do.
VERBS = wordset(
    """achieves allows balances brings combines depends employs enables enhances exhibits generates helps
    improves incorporates integrates leverages maintains makes outperforms performs produces provides reduces
    relies remains requires reveals shows suffers uses yields captures learns predicts exploits adapts
    applies attains avoids builds computes considers constructs converges encodes ensures estimates extends
    fails focuses guarantees handles identifies increases involves leads lies matches needs obtains offers
    operates preserves proves ranges reaches relies scales serves solves supports surpasses takes tends
    trains transfers works achieved allowed based compared conducted considered demonstrated designed
    developed evaluated introduced obtained observed performed proposed provided required studied used
    known called given shown seen termed named leveraging using achieving enabling making leading
    resulting allowing employing combining expands arises occurs grow grows highlight highlights match ends
    caused proceeds becomes become related totaling indicate indicates suggest suggests remain emerge emerges
    emerged struggle struggles assume assumes assumed dictate dictates encourage encourages come comes extend
    extends arise arises arising associated expressed encountered tailored underlying involving regarding
    following indeed available possible difficult employed represented ranging depend depends plays renders
    arrive arrives exist exists differ differs ignore ignores involve obey obeys attend attends evolve evolves
    govern governs converge undergo undergoes accomplish adhere adheres belong belongs correspond corresponds
    consist consists enjoy enjoys deviate deviates behave behaves explore explores examine examines investigate
    investigates mitigate mitigates alleviate alleviates prevent prevents exceed exceeds induce induces incur incurs
    admit admits infer infers inherit inherits outpace outpaces satisfy satisfies discover discovers motivate
    motivates develops describes tackles lacks assigns recovers selects sheds affects injects delivers addresses
    matters implies goes tries seeks deals derives resembles observes destroys interacts refers necessitates
    distributes underestimates puts expresses""")
# A verb's "-ing" form that takes an object and qualifies no noun of a technical term ("for improving alignment
# quality", "of determining sparsity rates"; not "training data", "sampling algorithms", "normalizing flows",
# "generating function", which stay content words): it opens a clause, as the verbs above do.
_VERBAL_GERUNDS = wordset(
    """estimating identifying detecting reducing applying performing finding improving enhancing recovering addressing
    selecting evaluating proving certifying calibrating minimizing minimising maximizing maximising conducting
    maintaining introducing advancing determining reviewing isolating developing propagating assessing refining guiding
    assigning designing bounding calculating utilizing utilising analyzing analysing inferring enforcing explaining
    approximating avoiding gathering releasing deciding managing creating retaining erasing collecting exploiting
    acquiring representing validating extending measuring comparing delaying requiring formulating preventing
    quantifying predicting constructing obtaining mimicking promoting overcoming capturing distributing considering
    synthesizing synthesising transferring specifying communicating solving incorporating integrating exploring
    investigating studying establishing characterizing characterising demonstrating showing facilitating ensuring
    guaranteeing accelerating bridging tackling alleviating eliminating exhibiting yielding producing describing
    interpreting examining becoming""")
_SPLITTERS = STOPWORDS | VERBS | _VERBAL_GERUNDS | wordset(
    "cannot instead despite besides whilst amongst unless whereby "
    # prepositions and adverbs that are no part of a noun phrase ("HMC still", "versus OOD agreement")
    "beyond versus throughout inside outside aside still beforehand afterwards alongside together alone forever "
    "sometimes "
    # words that praise what they open rather than name it ("the celebrated PEP framework", "the celebrated
    # Sinkhorn’s algorithm"): a reader drops them from the keyphrase as from a name
    "celebrated renowned famous well-known acclaimed seminal prominent popular ubiquitous")
# Verbs in -s of VERBS that are plural nouns too ("we provide explicit non-asymptotic guarantees for …", "robust
# adversarial guarantees", "statistical estimates"): after an adjective (_ADJECTIVE_SUFFIXES) the noun it qualifies,
# closing the phrase, not the verb splitting it ("explicit non-asymptotic" was a keyphrase).
_PLURAL_NOUNS_AMONG_VERBS = wordset("guarantees estimates matches needs offers supports ranges works leads trains "
                                    "scales shows exploits highlights deals increases transfers handles balances "
                                    "addresses matters")
# Verbs in their base form that are no noun: after a noun the text does not know for a plural ("particles of SVGD
# tend to …", "approaches for validation fail to …", "algorithms like DDPG suffer from …") they are its verb, not
# the noun closing a keyphrase ("SVGD tend"). Written in small letters only: "ADAPT" may be a method's name. Base
# forms that are also nouns ("support", "transfer", "guarantee", "capture") are _BASE_VERB: read as verbs only
# before a determiner.
_VERBS_NOT_NOUNS = wordset(
    """tend fail suffer rely adapt apply achieve attain enable ensure provide require surpass outperform exhibit
    describe identify improve reduce predict generate recover maintain incorporate integrate expand underestimate""")


def _base_forms(verbs: frozenset[str]) -> frozenset[str]:
    """The base forms of the verbs in -s among `verbs` ("captures" -> "capture", "matches" -> "match", "applies" ->
    "apply"), less the words that split a phrase anyway."""
    forms = set()
    for verb in verbs:
        if verb.endswith("ies"):
            forms.add(verb[:-3] + "y")
        elif verb.endswith(("sses", "shes", "ches", "xes", "zes")) or verb == "focuses":
            forms.add(verb[:-2])
        elif verb.endswith("s") and not verb.endswith("ss"):
            forms.add(verb[:-1])
    return frozenset(forms)
# A participle or verb closing a run follows its noun ("a model trained on …", "which can lead to …"):
# it is cut off the phrase ("model trained" -> "model"), unlike one before it ("trained models").
_TRAILING_VERB_FORMS = wordset("lead leads perform relative tied")  # "a novel approach tied to …"
# So does a function of the formula after it, which the reader drops ("O(kn log n)", "min_x max_y f(x, y)"): "kn log",
# "error rate log", "form min max" were keyphrases; "log marginal likelihood" keeps it.
_TRAILING_OPERATORS = wordset("log min max")
# Base forms of VERBS that are nouns too ("support", "capture", "transfer", "guarantee"): the noun closes a keyphrase
# ("knowledge transfer to …"), the verb does not ("real data support our theory", "methods for explaining ViTs
# capture the flow …"); a determiner after it tells (_BASE_VERB).
_BASE_VERBS = _base_forms(VERBS) - _SPLITTERS - _VERBS_NOT_NOUNS - _TRAILING_VERB_FORMS
_ED_NOUNS = wordset("speed seed need feed bed red embed shed weed breed proceed exceed hundred kindred")
# Words too generic to be a keyword on their own (still fine inside a phrase: "language models").
GENERIC = STOPWORDS | wordset(
    """approach approaches method methods methodology result results data dataset datasets task tasks framework
    frameworks model models modeling benchmark benchmarks technique techniques strategy strategies
    problem problems performance learning level levels analysis analyses evaluation evaluations
    understanding number potential experiments experiment insight insights issue issues challenge
    challenges point points set sets order way ways goal improvement improvements work works paper papers study
    studies setting settings system systems training trained train performance accuracy process
    processes information approach application applications scenario scenarios case cases domain domains
    space spaces time times function functions value values network networks algorithm algorithms tool
    tools term test tests type types form forms range kind kinds error errors quality cost costs scale
    able making make making rate rates baseline baselines state art log min max"""
)


@lru_cache(maxsize=8)  # enrichment asks again for the same paper's text; never across papers
def strip_markdown(text: str) -> str:
    """Plain text from display text: emphasis markers and escapes removed."""
    if not ("*" in text or "`" in text or "~" in text or "|" in text or "\\" in text):  # most: nothing to strip
        return text
    return _ESCAPE.sub(r"\1", _MARKDOWN.sub("", text))


@lru_cache(maxsize=8)
def sentences(text: str) -> tuple[str, ...]:
    """Split prose into sentences, not breaking after "e.g.", "et al." and initials."""
    parts: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        candidate = text[start:match.start(1)].strip()
        if _no_split_after(candidate):
            continue
        parts.append(candidate)
        start = match.end()
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return tuple(p for p in parts if p)


def _no_split_after(candidate: str) -> bool:
    """Whether a full stop ends an abbreviation ("e.g.", "et al.") or an initial ("J."), not a sentence."""
    if candidate.endswith(_ABBREVIATIONS):
        return True
    return len(candidate) >= 2 and candidate[-1] == "." and candidate[-2].isupper() and (
        len(candidate) == 2 or not candidate[-3].isalnum())


def clause_cut(text: str, limit: int) -> str:
    """Shorten `text` to at most `limit` characters at a clause (or at least a word) boundary."""
    text = _strip_weak_tail(text.strip()[: limit + 80].rstrip("."))  # nothing past limit + 80 can be kept
    if len(text) <= limit:
        if not _wants_its_complement(text, ""):
            return text
        # "… a learning model for scenarios (like this)": cut before the phrase instead, if a break allows
        return _cut_at_a_break(text, len(text) - 1) or text
    cut = _cut_at_a_break(text, limit)
    if cut:
        return cut
    words = text[: limit - 1].rsplit(" ", 1)[0] if " " in text[: limit - 1] else text[: limit - 1]
    return _before_its_noun(_without_open_bracket(_strip_weak_tail(words))) + "…"


def _cut_at_a_break(text: str, limit: int) -> str:
    """`text` cut at its latest break within `limit` characters whose cut is whole: at least 30 characters, and not
    ending on a word that wants what was cut off ("… the proof of the fact| that …"); "" if there is none."""
    backed_off = False
    for brk in reversed(_clause_breaks(text, limit)):
        cut = _without_open_bracket(_strip_weak_tail(_without_dangling_end(_strip_weak_tail(text[:brk]))))
        if len(cut) < 30:
            return ""
        if backed_off and _ends_on_a_bare_gerund(cut):  # "…, with modeling| based on the assumption that …"
            continue
        if not _wants_its_complement(cut, text[len(cut):] if text.startswith(cut) else text[brk:]):
            return cut
        backed_off = True
    return ""


_BEFORE_A_BARE_GERUND = wordset("with by for of in on without")


def _ends_on_a_bare_gerund(cut: str) -> bool:
    """Whether a cut ends on a preposition's gerund alone ("… model, with modeling"): what the gerund was about went
    with the phrase the cut backed off from."""
    words = cut.rsplit(None, 2)
    return len(words) == 3 and words[-1].endswith("ing") and words[-1].islower() and words[-2] in _BEFORE_A_BARE_GERUND


# Nouns that say nothing until their clause does: "… a proof of the fact| that …", "… based on the observation| that …",
# "… under the assumption| that …". With an article just before them they close no headline.
_THAT_NOUNS = wordset("fact assumption observation premise insight idea notion hypothesis intuition belief")
_ARTICLES = wordset("the a an")
# Where-phrases that say which only in what follows: "… to compose networks in cases| where …", "… a model for
# scenarios| like this".
_BARE_SETTINGS = wordset("cases scenarios situations settings circumstances")
_BEFORE_A_SETTING = wordset("in for under")
_A_SETTING = wordset("case setting scenario situation")
_SAYING_WHICH = wordset("where when in of that which")
# Words a cut leaves without the complement it needs, by what the cut took away: "in relation| to", "together|
# with", "enabling us| to", "that relies only| on", "the key| to our approach".
_WANTS_ITS_COMPLEMENT: dict[str, frozenset[str]] = {
    following: wordset(words) for following, words in (
        ("to", "relation according comparably correspond corresponds corresponding key addition respect regard "
               "contrast opposed due prior similar akin owing thanks subject equivalent identical proportional "
               "attend attends us them"),
        ("with", "together along coupled combined compared consistent associated equipped compatible"),
        ("on", "relies rely relying conditional conditioned contingent"),
        ("that", "implies imply suggests ensures such so"),
    )}


# What goes on with the adjectives of a noun still to come: "… a generally applicable|, flexible … variant".
_LISTING = frozenset((",", "and", "or"))


# Verbs that say nothing without what they govern, whatever the cut left off: "… with a rate linearly depending| on
# …", "… without needing| to know …", "… that relies only| on …", "… the case where we are
# interested| in …".
_GOVERNING_VERBS = wordset("depend depends depending depended rely relies relying relied stem stems stemming stemmed "
                           "need needing needed require requiring try trying tend tending fail failing "
                           "consist consists consisting amount amounting pertain pertaining belong belonging "
                           "interested")
_ADVERBS_AFTER_A_VERB = wordset("only solely mainly mostly largely heavily directly crucially critically strongly "
                                "linearly quadratically exponentially polynomially")


def _wants_its_complement(cut: str, after: str) -> bool:
    """Whether a cut ends on words that need what follows them (`after`, the text the cut left off): "… in
    relation" (to), "… together" (with), "… of the fact" (that), "… in cases" (where), "… depending" (on)."""
    words = cut.rsplit(None, 2)
    if len(words) < 3:
        return False
    last, before = words[-1].lower(), words[-2].lower()
    if after.strip() and (last in _GOVERNING_VERBS or (last in _ADVERBS_AFTER_A_VERB and before in _GOVERNING_VERBS)):
        return True  # (at the sentence's end, "… where classical estimators fail" governs nothing)
    if (last in _THAT_NOUNS and before in _ARTICLES) or (last in _BARE_SETTINGS and before in _BEFORE_A_SETTING):
        return True
    following = after.split(None, 1)[0].lower() if after.strip() else ""
    if last in _A_SETTING and before == "the" and following in _SAYING_WHICH:  # "… to the case| where …"
        return True
    if following in _LISTING and _opens_a_noun_phrase(last):  # "… optimizing local| and global loss functions"
        return True
    return last in _WANTS_ITS_COMPLEMENT.get(following, ())


def _clause_breaks(text: str, limit: int) -> list[int]:
    """Where `text` may be cut within `limit` characters, in order: before a clause or a phrase opens, or after a
    run of capitalised words ("… with Bayesian Ambiguity Sets| hedging …")."""
    breaks = {match.start() for match in _CLAUSE_BREAKS.finditer(text, 0, limit + 1)
              if match.start() >= 30 and not _inside_title_run(text, match) and not _halves_a_pair(text, match)}
    breaks.update(match.end() for match in _TITLE_RUN_END.finditer(text, 0, limit)
                  if match.end() >= 30 and match.start() > 0)
    return sorted(breaks)


# What opens a noun phrase without being its noun: a cut at a word ending on one ("graphlets of any…", "the distance
# between two…", "the minimizer of the corresponding…") leaves the phrase open on nothing.
_QUANTIFIERS = wordset("any each every all some several many few both either neither no such certain various "
                       "multiple numerous other another same own two three four five six seven eight nine ten "
                       "instead")
_ADJECTIVES = wordset("specific corresponding expected smooth random single inverse underlying general high low large "
                      "small deep linear nonlinear convex nonconvex sparse dense joint local optimal robust efficient "
                      "discrete finite infinite full main key fixed entire whole")
_ADJECTIVE_SUFFIXES = ("al", "ic", "ous", "ive", "able", "ible", "ary", "ful", "less")
# Nouns with those endings, as a cut may leave them ("… the confidence interval…", "… the training objective…").
_NOUNS_LIKE_ADJECTIVES = wordset(
    "interval signal proposal trial potential material individual journal total retrieval removal survival arrival "
    "approval manual terminal tutorial rival reversal referral renewal capital animal metal portal integral "
    "metric topic logic music heuristic arithmetic rhetoric epidemic clinic critic traffic characteristic mechanic "
    "diagnostic objective alternative derivative incentive initiative perspective directive primitive narrative "
    "archive motive representative relative negative positive variable observable deliverable table boundary "
    "dictionary summary library vocabulary glossary adversary commentary diary")


def _opens_a_noun_phrase(word: str) -> bool:
    """Whether a word in small letters qualifies a noun still to come: a quantifier ("any", "two") or an adjective
    ("corresponding", "high-dimensional", "conditional"), told by its ending, less the nouns that end alike."""
    if not word.islower() or not word.replace("-", "").isalpha():
        return False
    if word in _QUANTIFIERS or word in _ADJECTIVES:
        return True
    last = word.rsplit("-", 1)[-1]
    return last.endswith(_ADJECTIVE_SUFFIXES) and last not in _NOUNS_LIKE_ADJECTIVES and len(last) > 4


def _before_its_noun(cut: str) -> str:
    """A cut at a word, ending before the quantifiers and adjectives it closes on ("… graphlets of any" -> "…
    graphlets"); kept when that leaves less than 30 characters, a verb wanting its object ("… not requiring") or a
    word that closes no phrase ("… are always")."""
    words = cut.split(" ")
    opened = False
    while len(words) > 1:
        head, dash, last = words[-1].rpartition("—") if "—" in words[-1] else words[-1].rpartition("–")
        if dash and head and (last in _ARTICLES or _opens_a_noun_phrase(last)):  # "… of risks—the expected"
            words[-1] = head + dash
        elif _opens_a_noun_phrase(words[-1]) or (opened and words[-1] in _ARTICLES):
            words.pop()
        else:
            break
        opened = True
    if not opened:
        return cut
    shorter = _strip_weak_tail(" ".join(words))
    last = shorter.rsplit(None, 1)[-1] if shorter else ""
    return cut if len(shorter) < 30 or last.endswith("ing") or last.lower() in STOPWORDS else shorter


# "both X and Y", "either X or Y", "between X and Y": a cut at the conjunction reads "… prioritizing
# both minimal response time", half of the pair.
_OPEN_PAIR = re.compile(r"\b(?:both|either|neither|between)\s+(?:(?!\b(?:and|or|nor)\b)[^,;:()])*$", re.IGNORECASE)
_PAIR_CONJUNCTIONS = frozenset(("and", "or", "nor"))


def _halves_a_pair(text: str, brk: re.Match[str]) -> bool:
    """Whether a break is the "and" (or "or", "nor") of a pair opened by "both", "either", "neither" or
    "between" ("between X and Y"): a cut there would keep only its first half."""
    if brk.group().strip().lower() not in _PAIR_CONJUNCTIONS:
        return False
    before = text[max(0, brk.start() - 100):brk.start()]
    return _OPEN_PAIR.search(before) is not None


def _without_dangling_end(cut: str) -> str:
    """`cut` without a dangling adverb, participle or one-word clause at its end (_DANGLING_ADVERB,
    _without_dangling_participle); the pattern is anchored at the end, so only the tail is scanned (from every
    position, it costs)."""
    head, tail = cut[:-48], cut[-48:]
    if _may_dangle(tail) and not (tail.endswith("ally") and _RELATIVE_VERB_AND_ADVERB.search(tail)):
        tail = _DANGLING_ADVERB.sub("", tail)
    return _without_dangling_participle(head + tail)


# "… an algorithm that converges geometrically| with …": the adverb says how the clause's verb does what it does, and
# "… that converges" would say nothing (unlike "… in a computationally| and statistically efficient way").
_RELATIVE_VERB_AND_ADVERB = re.compile(r"\s(?:that|which)\s+[a-z]+\s+[a-z]{3,}ally$")


def _may_dangle(tail: str) -> bool:
    """Whether _DANGLING_ADVERB can match `tail`: its last word in small letters, an adverb, a participle, one after
    "that" or "which", "inspired" or "motivated" (told without the pattern, which tries every position)."""
    words = tail.rsplit(None, 1)
    last = words[-1] if words else ""
    return last.isascii() and last.isalpha() and last.islower() and (
        last.endswith(("ly", "ing", "able", "ible")) or last in ("inspired", "motivated") or "that" in tail
        or "which" in tail)


# Participles not in -ed that a cut leaves after their noun ("samples drawn | from …"); not those that are nouns too
# ("training set", "test run", "the left", "lost found").
_IRREGULAR_PARTICIPLES = wordset("drawn made lost given shown taken built written seen chosen grown thrown hidden "
                                 "brought caught taught sought")
# What a participle closing a clause follows ("labels are | observed", "can be | restored", "is neither segmented nor
# | labeled"): not its noun, so the participle is what the clause says and stays.
_BEFORE_A_PREDICATE = STOPWORDS | _AUXILIARIES | wordset("be been being get gets got remain remains become becomes "
                                                         "nor not never")


def _without_dangling_participle(cut: str) -> str:
    """A cut without the past participle closing it after its noun (and an adverb in -ly before it): a reduced
    relative clause whose complement was cut off ("… leverages the information contained | in both …", "algorithms
    trained on samples drawn | from …") reads as a sentence left half-way; the noun ends it instead."""
    words = cut.rsplit(None, 3)
    if len(words) < 3 or not _is_participle(words[-1]):
        return cut
    before = len(words) - 2
    if words[before].endswith("ly") and before > 0:  # "a framework theoretically | supported"
        before -= 1
    noun = words[before]
    if noun[-1:] not in ",;:" and (noun.lower() in _BEFORE_A_PREDICATE or noun.endswith("ly")):
        return cut
    return " ".join(words[:before + 1]).rstrip(",;:")


def _is_participle(word: str) -> bool:
    """Whether a word in small letters is a past participle: "contained", "trained", "drawn" (not "speed", "need")."""
    if not word.isalpha() or not word.islower():
        return False
    return word in _IRREGULAR_PARTICIPLES or (
        len(word) > 4 and word.endswith("ed") and not word.endswith("eed") and word not in _ED_NOUNS)


def _without_open_bracket(cut: str) -> str:
    """A cut that leaves a bracket open ("… problems (PEP") ends before that bracket instead."""
    if cut.count("(") <= cut.count(")"):
        return cut
    shorter = _strip_weak_tail(cut[: cut.rindex("(")])
    return shorter if len(shorter) >= 30 else cut


def _strip_weak_tail(text: str) -> str:
    """Drop trailing words a headline must not end on ("… of the", "… designed", "…, i.e.")."""
    text = _strip_weak_words(text)
    for _ in range(8):  # what the words hid: "… benchmarks. e.g.,", one per pass ("… e.g., e.g.,")
        if not text.endswith(_ABBREVIATIONS_LEADING_ON):
            break
        text = _strip_weak_words(text).rstrip(".")
    return text


def _strip_weak_words(text: str) -> str:
    if text.endswith(_ABBREVIATIONS_LEADING_ON):
        text = _ABBREVIATION_TAIL.sub("", text)
    head, tail = text[:-60], text[-60:]  # the pattern is anchored at the end: scan only the tail
    last_word = tail.rsplit(None, 1)[-1] if tail.strip() else ""
    if tail and not tail[-1].isspace() and tail[-1] not in _WEAK_TAIL_CHARS and last_word.isascii() \
            and last_word.lower() not in _WEAK_LAST_WORDS:
        return text.strip()  # the usual case, told without the regex (which tries every position)
    return (head + _TRAILING_WEAK.sub("", tail)).strip()


def _inside_title_run(text: str, match: re.Match[str]) -> bool:
    """Whether a break sits inside a capitalised name ("Optimisation with Bayesian Ambiguity Sets")."""
    previous = text[: match.start()].split()[-1:]
    return bool(previous) and previous[0][:1].isupper() and text[match.end():match.end() + 1].isupper()


@lru_cache(maxsize=65_536)  # a pure function of a word, asked about the same words paper after paper
def is_name_like(token: str, *, emphasised: bool = False) -> bool:
    """A token that looks like a coined name: ManyHarm, DSDA, Proxy-FDA, RE-IMAGINE (not LLMs, LLM-based, Data)."""
    core = token.rstrip("+")
    if len(core) < 2 or core.isdigit():
        return False
    if not _TWO_CAPITALS.search(core):  # most words: at most a capital first letter
        return emphasised and core[0].isupper()
    parts = [part for part in _NAME_PARTS.split(core) if part]
    if len(parts) > 1 and parts[-1].lower() in _DESCRIPTOR_SUFFIXES:  # "EM-like", "AIC-type": a kind of, no name
        return False
    own = [part for part in parts if part not in COMMON_ACRONYMS and part.removesuffix("s") not in COMMON_ACRONYMS]
    if any(sum(ch.isupper() for ch in part) >= 2 and any(ch.isalpha() for ch in part[1:]) for part in own):
        return True
    return emphasised and core[0].isupper() and bool(own)


# What may stand between a verb and its object, which no headline opens with: an aside ("we establish, for the first
# time, explicit connections …"), the preposition "advocate" takes ("we advocate for representation learning …"), an
# adverb before the claim it qualifies ("we establish experimentally that kernel machines …": a claim, read as one).
_BEFORE_THE_OBJECT = re.compile(r"(?:for the first time\b,?|(?<=advocate )for|" + _LY_ADVERB + r"(?=\s+that\s))\s*")


def _object_of(sentence: str, match: re.Match[str]) -> str:
    """What the verb `match` ends on takes: the rest of the sentence, without what stands before its object."""
    obj = sentence[match.end():].strip()
    if obj[:3] == "for" or "ly that " in obj[:40]:  # the words _BEFORE_THE_OBJECT needs, looked for first
        aside = _BEFORE_THE_OBJECT.match(sentence, len(sentence) - len(obj))
        if aside is not None:
            return sentence[aside.end():].strip()
    return obj


def intro_match(sentence: str) -> re.Match[str] | None:
    """Where a sentence introduces a contribution ("we propose", "by introducing", "called"), if it does."""
    return _intro_search(sentence) or _naming_search(sentence)


def _has_subject_hint(sentence: str) -> bool:
    low = sentence.lower()
    return _has_intro_hint(low)


# Cached: names and headline ask about the same paper's sentences. Cheap substring tests come
# first because most sentences introduce nothing and a failing regex search costs microseconds.
@lru_cache(maxsize=64)
def _intro_search(sentence: str) -> re.Match[str] | None:
    low = sentence.lower()
    if _has_intro_hint(low) and (match := _INTRO.search(sentence)):
        return match
    # The two patterns below each need one of a few verbs. In ASCII text, case-insensitive matching is
    # matching the lower-cased text, so a sentence without any of them is ruled out by substring tests
    # (elsewhere, "ſ" matches "s" case-insensitively: only the pattern can tell).
    ascii_only = sentence.isascii()
    if " and " in low and "we " in low and (not ascii_only or (
            "propose" in low or "introduce" in low or "present" in low or "develop" in low or "design" in low
            or "devise" in low)) and (match := _and_intro(sentence)):
        return match
    if "ing " in low and ("by " in low or "through " in low or "via " in low) and (not ascii_only or (
            "introducing" in low or "proposing" in low or "developing" in low or "presenting" in low
            or "designing" in low)):
        return _BY_INTRO.search(sentence)
    return None


@lru_cache(maxsize=64)
def _naming_search(sentence: str) -> re.Match[str] | None:
    low = sentence.lower()
    return _NAMING.search(sentence) if _has_naming_hint(low) else None


def _and_intro(sentence: str) -> re.Match[str] | None:
    """ "We attribute …, prove it, and propose X": an "and propose" whose subject is "we", with no
    full stop or semicolon between them. Found from the verb back (linear even on a 20,000-character run-on)."""
    for match in _AND_INTRO.finditer(sentence):
        subjects = list(_WE.finditer(sentence, 0, match.start()))
        if subjects and not any(mark in sentence[subjects[-1].end():match.start()] for mark in ".;"):
            return match
    return None


def intro_sentences(sentence_list: Sequence[str]) -> list[int]:
    """Indexes of sentences that introduce a contribution ("we propose …", "this paper introduces …")."""
    return [i for i, s in enumerate(sentence_list) if intro_match(s)]


def names_for(plain: str, marked: str) -> tuple[str, ...]:
    """Method names / acronyms the abstract introduces, in order of first appearance."""
    sentence_list = sentences(plain)
    intro = intro_sentences(sentence_list)
    first_intro = _first_intro(sentence_list, intro)
    found: list[str] = []
    for index in intro:
        sentence = sentence_list[index]
        match = intro_match(sentence)
        assert match is not None
        found += introduced_in(_object_of(sentence, match), after_naming=match.re is _NAMING)
        if '"' in sentence or "“" in sentence:
            found += [q.strip() for q in _QUOTED.findall(sentence) if len(q.split()) <= 6]
    for index, sentence in enumerate(sentence_list):
        if "(" not in sentence:  # no acronym defined (most sentences)
            continue
        if index >= first_intro:
            found += titled_acronyms(sentence)
        elif "our " in sentence or "Our " in sentence:  # "… with our Sequential Non-Ancestor Pruning (SNAP) framework"
            found += titled_acronyms(sentence, owned=True)
    recurs = _Recurring(plain)
    for bold, italic in _EMPHASIS.findall(marked) if "*" in marked else ():
        emphasised = bold or italic
        if len(emphasised.split()) <= 3:  # a plain word in emphasis is a name only if the text keeps using it
            found += [t for t in _NAME_TOKEN.findall(emphasised)
                      if is_name_like(t) or (is_name_like(t, emphasised=True) and recurs[t])]
    return _in_text_order(_own_names(found, plain), plain)


def _first_intro(sentence_list: Sequence[str], intro: Sequence[int]) -> int:
    """Where the contribution opens: the first sentence of `intro` ("we propose …"), or one before it introducing a
    contribution in the passive ("The Local Learning Coefficient (LLC) is introduced as …"), or the end. Only the
    sentences before the first of `intro` are read for the passive: one after it cannot open the contribution."""
    first = intro[0] if intro else len(sentence_list)
    return min(_passive_intros(sentence_list[:first]), default=first)


def _passive_intros(sentence_list: Sequence[str]) -> list[int]:
    """The first sentence introducing a contribution in the passive ("A new method is proposed …"), if any."""
    return [index for index, sentence in enumerate(sentence_list)
            if (" proposed" in sentence or " introduced" in sentence or " presented" in sentence
                or " developed" in sentence) and _PASSIVE_INTRO.search(sentence)][:1]


def _own_names(found: list[str], plain: str) -> list[str]:
    """The names found, without those the abstract says are not its own: a name it compares its work against
    ("outperforms the state-of-the-art HMC"), the family of a name it coins ("PCL" of "called sparse PCL"), and
    emphasised letters that only spell the start of the name defined after them ("**WIN** rate **D**ominance
    (WIND)")."""
    if not found:
        return found
    unique = set(found)
    cues = _cue_ends(plain)
    return [name for name in found if not (cues and _compared_against(name, plain, cues)) and not any(
        other != name and (other.endswith(f" {name}") or _spells_part_of(name, other, plain)) for other in unique)]


def _spells_part_of(piece: str, acronym: str, plain: str) -> bool:
    """Whether `piece` only spells letters of a longer acronym defined right after it: "**WIN** rate **D**ominance
    (WIND)", "**WE**ighted … (WEGP)", "**F**orgetfu**L** **I**terative **P**rivate **HA**rd **T**hresholding
    (FLIPHAT)"; not a name used elsewhere too ("CAVs", then "Testing with CAVs (TCAV)")."""
    capitals = "".join(ch for ch in piece if ch.isupper())
    if len(capitals) < 2 or not (acronym.isalpha() and acronym.isupper()) or len(acronym) <= len(capitals) \
            or capitals not in acronym:
        return False
    inside = [match.span() for match in re.finditer(re.escape(acronym), plain)]
    return all(f"({acronym})" in plain[match.end():match.end() + 100]
               for match in re.finditer(re.escape(piece), plain)
               if not any(start <= match.start() < end for start, end in inside))


# "outperforms the state-of-the-art HMC", "surpasses leading turnkey Hamiltonian Monte Carlo (HMC) methods",
# "faster than SGLD", "compared with MAML": what the paper measures itself against (not "outperformed by X").
_COMPARISON_CUE = re.compile(r"\b(?:outperform(?:s|ed|ing)?|surpass(?:es|ed|ing)?|beats?|than|compared\s+(?:to|with)|"
                             r"improv(?:es|ed|ing)\s+(?:on|over|upon))\s+(?!by\b)((?:[\w'’-]+\s+){0,6})\(?$")
# Words that, between the cue and a name, show the name is no longer what is compared against: "than SGD with
# comparable space requirement while S-SAGA …", "than the state-of-the-art algorithm and our RBCML", "outperforms
# existing methods on both VFD Bench …".
_NOT_THE_COMPARED = wordset("and or but nor while whilst whereas which that where when whose with without in on at for "
                            "by from into to as via our ours we its their both either is are was were be has have can")


# Where a comparison may start, found once per abstract by substring (a regex without a leading literal tries every
# position): most abstracts have none, or none a name follows closely. _COMPARISON_CUE then reads the words.
_CUE_WORDS = ("outperform", "surpass", "beat", "than", "compared", "improv")


def _cue_ends(plain: str) -> list[int]:
    """Where each possible comparison cue ends in `plain`."""
    ends = []
    for word in _CUE_WORDS:
        start = plain.find(word)
        while start >= 0:
            ends.append(start + len(word))
            start = plain.find(word, start + 1)
    return ends


def _compared_against(name: str, plain: str, cues: Sequence[int]) -> bool:
    """Whether the text names `name` as what its work is compared against, within a few words after a cue (`cues`:
    where each possible one ends)."""
    start = plain.find(name)
    while start >= 0:
        end = start + len(name)
        whole = (start == 0 or not (plain[start - 1].isalnum() or plain[start - 1] in "_-")) and (
            end == len(plain) or not (plain[end].isalnum() or plain[end] in "_-"))
        if whole and any(start - 120 <= cue <= start for cue in cues):
            cue = _COMPARISON_CUE.search(plain, max(0, start - 120), start)
            if cue and not any(word.lower() in _NOT_THE_COMPARED for word in cue.group(1).split()):
                return True
        start = plain.find(name, end)
    return False


class _Recurring(dict[str, bool]):
    """Word -> whether `text` uses it as a whole word twice or more; each word's text scan done once
    (an abstract emphasising one word a thousand times must not scan itself a thousand times)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def __missing__(self, word: str) -> bool:
        found = self[word] = self._text.count(word) >= 2 and len(
            re.findall(rf"\b{re.escape(word)}\b", self._text)) >= 2
        return found


def titled_acronyms(sentence: str, *, owned: bool = False) -> list[str]:
    """Acronyms defined after a capitalised expansion: "Discrimination-Aware Multitask Optimization (DAMO)";
    with `owned`, only those the authors call theirs ("our Sequential Non-Ancestor Pruning (SNAP)")."""
    found = []
    for match in _ACRONYM_DEFINITION.finditer(sentence):
        acronym = match.group(1)
        expansion = _TITLED_BEFORE.search(sentence, max(0, match.start() - 120), match.start())
        if expansion and is_name_like(acronym) and _initials_match(expansion.group(), acronym) and (
                not owned or _OWNED.search(sentence, max(0, expansion.start() - 30), expansion.start())) \
                and not _builds_on(sentence[max(0, expansion.start() - 60):expansion.start()].split()[-3:]):
            found.append(_singular(acronym))
    return found


def _singular(acronym: str) -> str:
    return acronym[:-1] if acronym.endswith("s") and acronym[:-1].isupper() else acronym


_SPACES_OR_HYPHENS = re.compile(r"[\s-]+")


def _initials_match(expansion: str, acronym: str) -> bool:
    """Whether an acronym plausibly abbreviates the capitalised words before it."""
    initials = "".join(w[0] for w in _SPACES_OR_HYPHENS.split(expansion) if w[:1].isupper())
    letters = "".join(ch for ch in _singular(acronym) if ch.isupper())
    return len(letters) >= 2 and (letters[0] == initials[-len(letters):][:1] or letters in initials)


def introduced_in(obj: str, *, after_naming: bool = False, known: Sequence[str] = ()) -> list[str]:
    """Names a contribution's object introduces: "ShadowKV, a …", "a method **Proxy-FDA** that …", "(DSDA)".

    A new name opens the object, follows an article, a comma, a colon or a bracket, or follows the
    noun it names ("a regularization method Proxy-FDA"). Anywhere else ("a variant of the L-BFGS
    algorithm", "cyclic MDS codes") it names something that already exists. `known` adds names
    found elsewhere (an emphasised **Puzzle**).
    """
    head = _head_region(obj)
    found = []
    titled = [(_NAMED_MODIFIED.match(obj) or _NAMED_RUN.match(obj)) if after_naming else _APPOSITIVE_RUN.match(obj)]
    if _has_naming_hint(obj):
        titled += [_NAMED_MODIFIED.match(obj, m.end()) or _NAMED_RUN.match(obj, m.end())
                   for m in _NAMING.finditer(obj, 0, 250)]
    found += [m.group(1) for m in titled if m and m.group(1) not in COMMON_ACRONYMS and (
        " " not in m.group(1) or m.group(1).split()[0] not in STOPWORDS)]  # "called Fenrir", "called sparse PCL"
    if _TWO_CAPITALS.search(head) is None and not any(name in head for name in known):
        return found  # (two heads in three) no token is a name: a name has two capitals (is_name_like) or is known
    for match in _NAME_TOKEN.finditer(head):
        token = match.group()
        if (token.islower() or not is_name_like(token)) and token not in known:  # (no capital: no name; cheaper)
            continue
        words = head[: match.start()].rstrip(" *“\"'").split()
        previous = words[-1].lower() if words else ""
        if _names_an_old_one(words, previous, token) or _NOT_WHOLE_OR_A_BASIS.match(head, match.end()) \
                or (previous == "(" and _spells_only_its_start(words[:-1], token)):
            continue
        if after_naming or not words or previous.endswith(("(", ",", ":", "—", "–")) \
                or previous in _BEFORE_A_NEW_NAME or (previous in _HEAD_NOUNS and len(words) > 1):
            found.append(token)
    return found


def _names_an_old_one(words: list[str], previous: str, name: str) -> bool:
    """Whether a name after `words` is one the object builds on: "a new version of the L-BFGS algorithm", "properties
    of the LB-SGD algorithm", "an algorithm based on Follow-The-Regularized-Leader (FTRL)", "an approach based on
    distributionally robust optimization (DRO)", "understandings of the Gamma-Poisson (GaP) model", or one of what
    the object is about: "a new perspective on two important algorithms: SVRG and …", "results on heavily
    benchmarked datasets: CIFAR-10, …"."""
    if previous == "the":
        return len(words) > 1 and words[-2].lower() in _BEFORE_AN_OLD_NAME
    if previous.endswith(":"):
        return any(word.lower() in _ABOUT for word in words[-7:-1])
    if previous != "(" or len(words) < 3:
        return False
    start = _spelled_out_start(words[:-1], name)
    return start is not None and _builds_on(words[:start])


# After a name: a bracket that is part of it ("CAT(κ) spaces": the name is not "CAT"), or "based" on it ("a Local
# Coordinate Coding (LCC) based sampling method").
_NOT_WHOLE_OR_A_BASIS = re.compile(r"\(|\)?[\s-]*based\b")
_ABOUT = wordset("on over across against")  # "… on heavily benchmarked datasets: CIFAR-10"
# What comes before a name the text builds on, but for "the": "based on", "properties of", "leverages" X.
# ("devoted to X", "X with Y (Y)", "a framework of X", "the notion of X" name what the paper makes: no "to", no
# "with", and no "of" after a noun that a name is the kind of.)
_BUILDS_ON = wordset("of on in from over than beyond upon via using leverages leveraging uses exploits "
                     "exploiting employs employing adopts adopting extends extending")


def _spells_only_its_start(words: Sequence[str], acronym: str) -> bool:
    """Whether the words before a bracketed acronym spell only its first letters ("massively parallel (MPC)
    algorithms": the Massively Parallel Computation model, written half): the acronym abbreviates a longer term the
    text takes as known, not the phrase it follows, which is no name the paper gives."""
    letters = _singular(acronym).lower()
    if len(letters) < 3 or not acronym.isalpha() or not acronym.isupper():
        return False
    for count in range(len(letters) - 1, 1, -1):  # (words in small letters: "Black Box FDR (BB-FDR)" spells it all)
        spelling = words[-count:]
        if len(spelling) == count and all(word.islower() and word.isalpha() for word in spelling) \
                and "".join(word[0] for word in spelling) == letters[:count]:
            return _spelled_out_start(words, acronym) is None
    return False


def _builds_on(words: Sequence[str]) -> bool:
    """Whether the words before a spelled-out name end on one saying the name is built on: "based on (the)",
    "understandings of the", "leveraging the"; not "a framework of", "our framework of"."""
    if not words or words[-1].lower() in ("a", "an"):
        return False
    kept = [word.lower() for word in words if word.lower() not in _ARTICLES]
    if not kept or kept[-1] not in _BUILDS_ON:
        return False
    return kept[-1] != "of" or len(kept) < 2 or kept[-2] not in _KINDS


def _spelled_out_start(words: Sequence[str], acronym: str) -> int | None:
    """Where the words an acronym abbreviates start, its letters the initials of their words and hyphenated parts
    ("Gamma-Poisson" (GaP), "leave-one-out cross-validation" (LO), "distributionally robust optimization" (DRO)), or
    None when the words before it spell none."""
    letters = "".join(ch for ch in _singular(acronym) if ch.isupper()).lower()
    if len(letters) < 2:
        return None
    for start in range(len(words) - 1, max(-1, len(words) - 9), -1):
        if not _may_open_the_spelling(words[start], letters[0]):
            continue  # (most words: no join, split and lower for them)
        initials = "".join(part[0] for part in _SPACES_OR_HYPHENS.split(" ".join(words[start:])) if part).lower()
        if initials[:1] == letters[0] and _holds_in_order(initials, letters):
            return start
    return None


def _may_open_the_spelling(word: str, letter: str) -> bool:
    """Whether the initials read from `word` on may start with `letter` (small): its first character past any
    hyphens does, lower-cased, or is none (a word of only hyphens or opening with a space: the words after it tell)."""
    first = word.lstrip("-")[:1]
    return not first or first.isspace() or first.lower()[:1] == letter


def _holds_in_order(text: str, letters: str) -> bool:
    """Whether `letters` occur in `text` in order (not necessarily side by side)."""
    rest = iter(text)
    return all(letter in rest for letter in letters)


# Title-cased words; a dash between two of them joins them ("Metropolis–Hastings"), not one before a clause.
_TITLE_WORD = r"[A-Z][\w'’+-]*(?:[–—][A-Z][\w'’+-]*)*"
_TITLE_RUN = rf"{_TITLE_WORD}(?:\s+(?:(?:of|for|and|with|in|via|on|to|the)\s+)?{_TITLE_WORD})*"
_APPOSITIVE_RUN = re.compile(rf"^(?:the\s+)?({_TITLE_RUN})(?=,\s+(?:a|an|the|which)\s|:\s)")
# "called sparse PCL": a word in small letters before the coined token is part of the name (not "called the …")
_NAMED_MODIFIED = re.compile(r"[\s“\"*]*([a-z][a-z-]+\s+[A-Za-z0-9]*[A-Z][A-Za-z0-9]*[A-Z][\w+-]*)(?![\w(-])(?!\s*\()")
_NAMED_RUN = re.compile(rf"[\s“\"*]*(?>({_TITLE_RUN}|[\w+-]*[A-Z][\w+-]*))(?!\s*\()")
_HEAD_NOUNS = wordset(
    "method methods framework approach model algorithm technique system benchmark dataset architecture strategy "
    "metric loss network scheme module tool toolkit library agent pipeline paradigm procedure estimator objective "
    "mechanism attack defense protocol principle criterion test measure suite family class variant solver "
    "optimizer regularizer regularization layer operator kernel policy game environment platform"
)
_BEFORE_A_NEW_NAME = wordset("a an the our called named dubbed termed coined")
# "a framework of X", "the notion of X" (not "a variant of X")
_KINDS = _HEAD_NOUNS - {"variant"} | wordset("notion concept kind type form")
_BEFORE_AN_OLD_NAME = wordset("of on to in with from over than beyond upon")
_BUILT_ON = wordset("on upon")  # "based on", "built upon", "relying on" X (X)
_TITLE_CONNECTORS = wordset("of for and with in via on to the from")


# A clause break: " that ", " which " …, a full stop or semicolon, ", which " …. Opened by one character class,
# each alternative checking after it which character it was: the regex engine then skips to those characters
# instead of trying every alternative at every position (the same for _AND_A_FINDING and _AND_ANOTHER_ACT).
_HEAD_REGION_END = re.compile(r"[\s;.,](?:(?<=\s)(?:that|which|to|by|for|where|whose|in order)\s|(?<=[;.])"
                              r"|(?<=,)\s(?:which|where|and)\s)")


def _head_region(obj: str) -> str:
    """The part of a contribution's object that can hold its name: up to the first clause break."""
    cut = _HEAD_REGION_END.search(obj)
    head = obj[: cut.start()] if cut else obj
    return " ".join(head.split()[:14])


def _in_text_order(names: list[str], text: str) -> tuple[str, ...]:
    unique = list(dict.fromkeys(n for n in names if n))
    unique.sort(key=lambda n: (text.find(n) if n in text else len(text)))
    return tuple(unique[:12])


# "… by extending the well-known Bayesian quadrature algorithm …": the means, a gerund after "by".
_MEANS = re.compile(r"\bby\s+([a-z]+ing)\b")


def _we_verb(sentence: str) -> re.Match[str] | None:
    """Where "we" (or "this paper" …) and its verb are, if the sentence has them: "In this paper we give …" is
    "we give", not "this paper" doing "we"."""
    if not _has_subject_hint(sentence):
        return None
    match = _WE_VERB.search(sentence)
    if match and match.group("verb").lower() == "we":
        return _WE_VERB.search(sentence, match.start("verb"))
    return match


def _not_cited_before(names: Sequence[str], sentence_list: Sequence[str], contribution: str) -> Sequence[str]:
    """The names not already used before the contribution sentence, but in one that introduces them: "The standard
    L-BFGS method relies on …. We present a new version of the L-BFGS algorithm" builds on L-BFGS, it does not
    introduce it."""
    if not names or sentence_list[0] == contribution:
        return names
    earlier = " ".join(sentence for sentence in sentence_list[:sentence_list.index(contribution)]
                       if not intro_match(sentence))  # ("a strategy we called FedOne": named there, by them)
    return [name for name in names if name not in earlier or not re.search(
        rf"(?<![\w-]){re.escape(name)}(?![\w-])", earlier)]


def contribution_sentence(sentence_list: Sequence[str], names: Sequence[str]
                          ) -> tuple[str | None, str] | None:
    """(name or None, description) of the abstract's main contribution, or None when none is stated."""
    for sentence in sentence_list:
        match = _intro_search(sentence)
        if match:
            obj = _without_second_act(_clean_object(_object_of(sentence, match)))
            # "we establish that …" states a claim, not a thing made: the claim path reads it
            if obj and not obj.startswith("that ") and not _WEAK_OBJECT.match(obj) \
                    and not _ANAPHORIC_OBJECT.match(obj):
                return _describe(obj, _not_cited_before(names, sentence_list, sentence))
            means = _MEANS.search(obj) if obj and " by " in obj and _ANAPHORIC_OBJECT.match(obj) else None
            if means:  # "the first such numerical method by extending …" -> "Extending …"
                return None, obj[means.start(1):]
    for sentence in sentence_list:  # "Two methods are proposed for …" -> "Two methods for …"
        passive = _PASSIVE_INTRO.search(sentence) if " proposed" in sentence or " introduced" in sentence \
            or " presented" in sentence or " developed" in sentence else None
        if passive and len(passive.group("subject").split()) <= 12:
            subject = _OBJECT_LEAD_IN.sub("", passive.group("subject"))
            return _describe(_without_second_act(_clean_object(f"{subject}{passive.group('rest')}")), names)
    for sentence in sentence_list:
        match = _naming_search(sentence) if _has_intro_hint(sentence.lower()) or "our " in sentence else None
        if match:  # (not "these studies focused on a variant called Conditional SHAP": a name others gave)
            name = _first_name_in(sentence[match.end():], names)
            if name:  # "… and construct a dataset named Multimodal Modality Conflict (MMMC) to …"
                article = list(re.finditer(r"\b(?:a|an|the)\s", sentence[: match.start()]))
                start = article[-1].start() if article else 0
                return _describe(_clean_object(sentence[start:]), [name])
    for sentence in sentence_list:
        match = _we_verb(sentence)
        if not match or _CONDITIONAL_BEFORE.search(sentence, 0, match.start()):
            continue  # "If we only wish to estimate …" supposes; it does not say what the paper does
        written = match.group("verb").lower()
        # "this paper focuses" is third person; "we focus" and "Here, we focus" are not ("Focuing")
        verb = _base_form(written, third_person=_WE.search(match.group()) is None)
        obj = _clean_object(_object_of(sentence, match))
        # "Our contribution is …", "the code of this paper is available …": "is" says what something
        # is (its base form would read "i": "Iing …"), not what the paper does
        if written in NOT_A_CONTRIBUTION_VERBS or verb in NOT_A_CONTRIBUTION_VERBS or written in _NOT_A_VERB \
                or not obj or (verb in _CREATE_VERB_SET and _ANAPHORIC_OBJECT.match(obj)) \
                or _ONLY_POINTS_BACK.match(obj) \
                or obj.split(None, 1)[0].lower() in _AUXILIARIES:  # "the challenges that we address are …"
            continue
        if verb in _CLAIM_VERBS:
            claim = re.sub(r"^that\s+", "", obj)
            if claim != obj and not re.match(r"^(?:to|it|its|they|their|this|these|those|there|we|our)\b", claim,
                                                 re.IGNORECASE):
                return None, claim
            continue
        if verb in _AIM_VERBS:  # "this paper aims to quantify …" -> "Quantifying …"
            return None, obj
        return None, f"{gerund(verb)} {_second_act_as_gerund(obj)}"
    return None


def _base_form(verb: str, *, third_person: bool) -> str:
    """'investigates' -> 'investigate' after "this paper"; 'we study' stays 'study'."""
    if not third_person or not verb.endswith("s") or verb.endswith("ss"):
        return verb
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1]


def _clean_object(obj: str) -> str:
    """Drop what precedes the real object: "and analyze a …", "to combine …" (-> "Combining …"), "that",
    a list's "(i)"; and citations ("Entropy-SGD (Chaudhari et al., 2017)")."""
    obj = _OBJECT_LEAD_IN.sub("", obj.strip().rstrip("."))
    if obj.startswith(("(", "i)", "1)", "a)")):
        obj = _ENUMERATOR.sub("", obj)
    if "2)" in obj or "ii)" in obj:  # "… probes, (2) a system …": the list's next item is another thing
        before_items = obj
        obj = _before(_SECOND_ITEM, obj)
        obj = _FIRST_ITEM.sub("", obj, count=1) if len(obj) < len(before_items) else obj  # no "(1)" without a "(2)"
    if "(" in obj and ("et al" in obj or "19" in obj or "20" in obj):
        obj = _CITATION.sub(_without_citation, obj)
    # Each pattern below needs a word (case matters) that most objects lack: looked for first.
    if "order" in obj:
        obj = _before(_IN_ORDER_TO, obj)
    if "and" in obj:
        obj = _before(_AND_A_FINDING, obj)
    if obj.startswith(("and", "&")):
        obj = _AND_VERB_LEAD.sub("", obj)
    to_verb = _TO_VERB.match(obj)
    if to_verb and to_verb.group(1) not in _NOT_A_VERB:  # "to this line of work" is no "to combine"
        return f"{gerund(to_verb.group(1))} {_second_act_as_gerund(obj[to_verb.end():])}"
    return obj


_IN_ORDER_TO = re.compile(r",?\s+in order to\b")
_ENUMERATOR = re.compile(r"^\(?(?:i{1,3}|iv|[1-9]|[a-d])\)\s+")
_FIRST_ITEM = re.compile(r"\((?:1|i)\)\s+")
_SECOND_ITEM = re.compile(r"[,;]?\s+(?:and\s+)?\(?(?:2|ii)\)\s")
_CITATION = re.compile(r"(\w*)(\s*\((?:[^()]*\bet al\.?,?\s*(?:\(?\d{4}[a-z]?\)?)?"
                       r"|[A-Z][\w'’-]+(?:\s+(?:and|&)\s+[A-Z][\w'’-]+)?,?\s+(?:19|20)\d{2}[a-z]?)\))")
_CITING_WORDS = wordset("in by of from see cf and or to as than with")


def _without_citation(match: re.Match[str]) -> str:
    """A reference in brackets goes ("Entropy-SGD (Chaudhari et al., 2017)"), unless it is what a
    preposition leads to ("proposed in (Usmanova et al., 2024)")."""
    return match.group() if match.group(1).lower() in _CITING_WORDS else match.group(1)


# ",? and", "and" after spaces: opened by one character class (see _HEAD_REGION_END), so also _AND_ANOTHER_ACT.
_AND_A_FINDING = re.compile(r"[,\s](?:(?<=,)\s+|(?<=\s)\s*)and\s+"
                            r"(?:then\s+|also\s+|further\s+|theoretically\s+|empirically\s+)?"
                            r"(?:show|find|prove|demonstrate|argue|observe|establish|verify|validate|evaluate)"
                            r"(?:e?s)?\b")  # "… and proves that": the third person too
# "… networks and use it to …", "… samples, and train it", "… predictor, study the …": a second thing
# done, not part of the first one's object (a verb form, then what a verb takes: "and use cases" stays).
_AND_ANOTHER_ACT = re.compile(
    r"[,\s](?:(?<=,)\s+(?:and\s+)?|(?<=\s)\s*and\s+)(?:then\s+|also\s+|further\s+)?"
    r"(?P<verb>(?:use|apply|applie|train|stud(?:y|ie)|present|propose|"
    r"introduce|develop|derive|provide|analy[sz]e|compare|extend|design|implement|test|employ|exploit|leverage|"
    r"illustrate|characteri[sz]e|explore|examine|investigate|discusse?|obtain|give|offer|conduct|perform)s?"
    r"|(?:validate|verifie|evaluate)[sd]?)\s+"  # "… methods and validated them": a perfect's second act too
    r"(?:it|them|this|these|those|that|the|a|an|our|its|their|two|three|several|how|whether|new|novel|some|"
    r"empirical|theoretical|extensive|numerical|experimental|efficient|simple|tight|sharp|upper|lower|optimal)\b")
_AND_VERB_LEAD = re.compile(r"^(?:and|&)\s+(?:then\s+|also\s+|further\s+)?[a-z]+(?:e?s|d|ed)?\s+")


def _without_second_act(obj: str) -> str:
    """The object up to a second thing done ("… networks and use it to …"), unless that one names what
    it makes ("… and propose a framework called NetGGM", "… and present a method (HAVER)"): the name
    belongs in the headline."""
    match = _AND_ANOTHER_ACT.search(obj) or _joined_act(obj)
    if match is None:
        return obj
    # what the second act names, up to a colon or semicolon: the list after one names what it is about ("and then
    # study it for two popular paradigms, namely: (a) reinforcement learning from human feedback (RLHF) …")
    second = re.split(r"[:;]", obj[match.end():], maxsplit=1)[0]
    if _has_naming_hint(second) or _ACRONYM_DEFINITION.search(second):
        return obj
    return obj[:match.start()]


def _joined_act(obj: str) -> re.Match[str] | None:
    """The first verb after "and" or a comma that is one whatever follows it ("… POMDP and identify two types …",
    "… perturbations and discuss generalization", "… variants of Gibbs, show that …"), outside a relative clause,
    whose verbs are its own ("a method that learns X and identifies Y")."""
    for at in _joints(obj):  # _JOINED_WORD tried only where it can open: it opens on a comma or spaces before "and"
        match = _JOINED_WORD.match(obj, at)
        if match is None:
            continue
        word = match.group("verb")
        if word in _ONLY_VERBS or _base_form(word, third_person=True) in _ONLY_VERBS:
            return None if _RELATIVE.search(obj, 0, match.start()) else match
    return None


def _joints(text: str) -> list[int]:
    """Where a comma or the spaces before an "and" are in `text`, in order: where _JOINED_WORD may match."""
    joints: list[int] = []
    at = text.find(",")
    while at >= 0:
        joints.append(at)
        at = text.find(",", at + 1)
    at = text.find(" and ")
    while at >= 0:
        while at > 0 and text[at - 1].isspace():
            at -= 1
        joints.append(at)
        at = text.find(" and ", at + 5)
    return sorted(joints)


def _second_act_as_gerund(obj: str) -> str:
    """After a gerund, a second thing done reads as one too: "Feeding the discriminator with … samples,
    and train it" -> "…, and training it", "Taking a step back and examine …" -> "… and examining …",
    "Revisiting … methods, identify key challenges, and suggest directions" -> "…, identifying …, and
    suggesting …".
    Not in a relative clause, whose verbs are its own ("a method that learns X and provides Y")."""
    relative = _RELATIVE.search(obj)
    clause = obj[:relative.start()] if relative else obj
    acts = [match for match in _JOINED_WORD.finditer(clause) if _is_an_act(match, clause)]
    for match in reversed(acts):
        verb = gerund(_base_form(match.group("verb").lower(), third_person=True)).lower()
        obj = f"{obj[:match.start('verb')]}{verb}{obj[match.end('verb'):]}"
    return obj


# A word after "and" or a comma, and the verbs that, there, are a second thing done whatever follows them ("and compare
# to", "and derive corresponding"); the others are so only before what a verb takes (_AND_ANOTHER_ACT: "and use it",
# not "and use cases"; "and test the", not "and test data").
_JOINED_WORD = re.compile(r"(?:,\s+(?:and\s+)?|\s+and\s+)(?:then\s+|also\s+|further\s+|finally\s+|[a-z]{3,}ly\s+)?"
                          r"(?P<verb>[a-z]+)\b(?![-–])")
_ONLY_VERBS = wordset(
    "show prove demonstrate propose introduce derive provide analyze analyse establish obtain evaluate give extend "
    "validate compare conduct perform investigate explore discuss illustrate characterize characterise verify "
    "identify leverage exploit formulate describe examine argue observe consider implement suggest define quantify "
    "highlight discover explain outline apply develop")
_RELATIVE = re.compile(r"\b(?:that|which|who|whose|where)\b")


def _is_an_act(match: re.Match[str], text: str) -> bool:
    """Whether a word after "and" or a comma is a verb in its base form (or in -s, after "this paper"), a second
    thing done."""
    word = match.group("verb")
    if _base_form(word, third_person=True) in _ONLY_VERBS or word in _ONLY_VERBS:
        return True
    return _AND_ANOTHER_ACT.match(text, match.start()) is not None


def _before(pattern: re.Pattern[str], text: str) -> str:
    """`text` up to the first match of `pattern` (all of it without one): re.split(pattern, text)[0],
    without looking for the matches after the first."""
    match = pattern.search(text)
    return text[: match.start()] if match else text


# "to better understand …" -> "Understanding …": the adverb does not belong in a title.
_TO_VERB = re.compile(r"^to\s+(?:(?:better|further|fully|first|also|jointly|more|" + _LY_ADVERB + r")\s+)?([a-z]+)\s+")
_NOT_A_VERB = wordset("this these that those the a an our its their his her such each every all any both some no it "
                      "them us which what whom one two three")


def gerund(verb: str) -> str:
    """'combine' -> 'Combining', 'revisit' -> 'Revisiting', 'study' -> 'Studying' (capitalised); a past tense
    too: 'conducted' -> 'Conducting', 'planned' -> 'Planning', 'studied' -> 'Studying'."""
    verb = verb.lower()
    if verb in _GERUNDS:
        return _GERUNDS[verb]
    if verb.endswith("ed") and not verb.endswith("eed") and len(verb) >= 4:  # past tense: "we conducted"
        return (verb[:-3] + "ying" if verb.endswith("ied") else verb[:-2] + "ing").capitalize()
    if verb.endswith("ie"):
        stem = verb[:-2] + "y"
    elif verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        stem = verb[:-1]
    elif re.fullmatch(r"[^aeiou]*[aeiou][bdgmnprt]", verb):  # short CVC verbs: set, run, plan
        stem = verb + verb[-1]
    else:
        stem = verb
    return (stem + "ing").capitalize()


def _first_name_in(text: str, names: Sequence[str]) -> str | None:
    head = " ".join(text.split()[:14])
    positions = [(head.find(n), n) for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", head)]
    return min(positions)[1] if positions else None


_SEVERAL = re.compile(r"(?:two|three|four|five|several|multiple)\s", re.IGNORECASE)


def _describe(obj: str, names: Sequence[str]) -> tuple[str | None, str]:
    """Split a contribution's object ("ShadowKV, a high-throughput … system that …") into name and description;
    an object of several things ("three new algorithms: PIWAE, MIWAE and CIWAE") has no one name to head it."""
    if _SEVERAL.match(obj):
        return None, obj
    introduced = [n for n in introduced_in(obj, known=names) if n in names] or [
        n for n in names if " " in n and n in _head_region(obj)]
    name = min(introduced, key=obj.find) if introduced else None
    if not name:
        return _appositive_name(obj, names) or (None, _LEADING_THE.sub("", obj))
    before, _, after = obj.partition(name)
    if len(before.split()) > 14:  # named at the end of a long object ("… (collectively named xCEBRA)")
        return name, _NAMING_WORD.split(obj, maxsplit=1)[0].strip(" ,(")
    before = _LEADING_THE.sub("", re.sub(r"[\s(\[“\"*]+$", "", before)).strip(" ,:")
    after = re.sub(r"^[\s)\]”\"*]+", "", after)
    if before and not _ONLY_FILLER.fullmatch(before) and not _APPOSITIVE_AFTER.match(after):
        return name, _description_around(before, after)
    return name, _description_after(after)


# "max-rank, a novel correction …", "Mix and match (M&M) – a training framework …", "Federated Learning Aggregation
# Biased by a Foundation Model (FedBaF), a novel method …": a name, then the appositive saying what it names.
_NAMED_APPOSITIVE = re.compile(r"^(?:the\s+)?(?P<subject>[^,;:()–—]{2,100}?)(?:\s+\((?P<short>[^()]{1,24})\))?"
                               r"(?:,|\s+[–—-])\s+(?P<rest>an?\s.+)$")
_MAX_APPOSITIVE_NAME_WORDS = 5


def _appositive_name(obj: str, names: Sequence[str]) -> tuple[str, str] | None:
    """(name, description) of an object that names what it introduces before saying what that is ("prepacking, a
    simple yet effective method …" -> ("prepacking", "a simple yet effective method …")): the name heads the headline,
    as a coined one does. A long subject names something only with its acronym ("… (FedBaF), a novel method");
    a subject of a few words without a function word otherwise ("Soft actor-critic", "Mix and match (M&M)"), not a
    description ("a method for X, a …")."""
    match = _NAMED_APPOSITIVE.match(obj) if ", a" in obj or " a " in obj else None
    if match is None:
        return None
    subject, short, rest = match.group("subject"), match.group("short"), match.group("rest")
    if short and short in names:
        return short, f"{subject}, {rest}"
    words = subject.split()
    if len(words) > _MAX_APPOSITIVE_NAME_WORDS or any(word.lower() in STOPWORDS - {"and"} for word in words):
        return None
    return (f"{subject} ({short})" if short else subject), rest


# A sentence's opening article, moved after the name it described: "PMvGE: …, a simple framework"
_LEADING_ARTICLE = re.compile(r"^(?:An?|The)(?= )")
# "a method called Fenrir—an efficient approach to …": the appositive says more than "a method"
_APPOSITIVE_AFTER = re.compile(r"^[–—]\s*(?:a|an)\s")


def _description_around(before: str, after: str) -> str:
    """The name sits inside its description: "a method **Proxy-FDA** that …", "Rolling Query (RollingQ), which …"."""
    noun, naming, expansion = _NAMING_WORD.split(before, maxsplit=1) if _NAMING_WORD.search(before) \
        else ("", "", "")
    if not naming:
        titled = _TRAILING_TITLE.search(before)
        noun, expansion = (before[: titled.start()], titled.group().strip()) if titled else (before, "")
    noun = noun.strip(" ,:").rstrip(" ([")  # "a new variant (called SADAGRAD) that …": no bracket left open
    tail = _tail(after)
    ours = _OUR_KIND.search(noun) if naming and expansion else None
    if ours:  # "…, our approach, called online sequential IWAE (OSIWAE), allows …": the name and what it does
        verb = _SUBJECTS_VERB.match(after)
        return f"{expansion}, {gerund(_which_verb(verb)).lower()} {verb.group(3)}" if verb else expansion
    if expansion and noun and not _ONLY_FILLER.fullmatch(noun) and (
            naming or noun.split()[-1].lower() in _HEAD_NOUNS):  # "a … method Rolling Query (RollingQ)"
        noun = _LEADING_ARTICLE.sub(lambda article: article.group().lower(), noun)  # "…, a simple framework"
        return f"{expansion}, {noun} {tail}".strip()
    if expansion and noun and not _ONLY_FILLER.fullmatch(noun):  # "an invertible Fourier Neural Operator"
        return f"{noun} {expansion} {tail}".strip()
    if expansion:
        return f"{expansion} {tail}".strip()
    return f"{noun} {tail}".strip()


# "our approach" before the name it is called: a kind of thing every paper has, said after the name as "…, our
# approach" (and a noun phrase before it, "the asymptotic contrast, our approach", is the clause before's).
_OUR_KIND = re.compile(r"(?:^|,\s)our\s+(?:[a-z-]+\s+)?(?:method|framework|approach|model|algorithm|technique|system|"
                       r"scheme|estimator|procedure|strategy)$")
# The verb whose subject is the name's appositive: "…, called X (X), allows for …".
_SUBJECTS_VERB = re.compile(r"^,\s*([a-z]+?)(e?s)\s+(.*)")


def _which_verb(which: re.Match[str]) -> str:
    """The base form of the verb in "…, which balances …" (groups: stem, "s"/"es", rest)."""
    stem, ending = which.group(1), which.group(2)
    return stem + ("e" if ending == "es" and not stem.endswith(("ss", "sh", "ch", "x")) else "")


_WHICH_AUXILIARY = re.compile(r"^,?\s*(?:which|that)\s+(is|are|has|have|does|do|can)\s+(not\s+)?([a-z][\w-]*)\b(.*)")


def _after_auxiliary(match: re.Match[str]) -> str:
    """ "which is capable of …" -> "capable of …", "which does not require …" -> "not requiring …",
    "which has …" -> "having …", "which can adapt …" -> "able to adapt …"; "" for "which is a …"."""
    auxiliary, negation, word, rest = match.group(1), match.group(2) or "", match.group(3), match.group(4)
    if auxiliary in ("is", "are"):
        return "" if word in _NOT_A_VERB else f"{negation}{word}{rest}"
    if auxiliary in ("has", "have"):
        return f"{negation}having {word}{rest}"
    if auxiliary == "can":
        return f"{'un' if negation else ''}able to {word}{rest}"
    return f"{negation}{gerund(word).lower()}{rest}"


_WHICH_VERB = re.compile(r"^,?\s*which\s+([a-z]+?)(e?s)\s+(.*)")
_WHICH_OR_THAT_VERB = re.compile(r"^(?:which|that)\s+([a-z]+?)(e?s)\s+(.*)")


def _relative_clause(after: str, relative: re.Pattern[str]) -> str | None:
    """A relative clause opening `after` as a participle phrase ("which balances …" -> "balancing …",
    "which is capable of …" -> "capable of …"), or None when `after` opens with none."""
    auxiliary = _WHICH_AUXILIARY.match(after)
    if auxiliary:
        return _after_auxiliary(auxiliary)
    which = relative.match(after)
    return f"{gerund(_which_verb(which)).lower()} {which.group(3)}" if which else None


def _tail(after: str) -> str:
    """What follows a name inside its description, up to the next clause."""
    clause = _relative_clause(after, _WHICH_VERB)
    if clause is not None:  # "…, which balances attention by …" -> "balancing attention by …"
        return clause
    participle = re.match(r"^,\s*((?:designed|built|trained|tailored|aimed|capable|able|that|for|to)\b.*)", after)
    if participle:  # "an agent, RepoAudit, designed to …"
        return participle.group(1)
    if after.startswith((",", "s ", "'s ", "’s ")):
        return ""
    return re.split(r"[,;:]\s|\s(?:which|while|where)\s|\s[–—]\s", after, maxsplit=1)[0]


def _description_after(after: str) -> str:
    """The name comes first: "ShadowKV, a … system", "SECOND: Selective and Contrastive Decoding, a …"."""
    apposition = re.match(r"^[a-z][\w-]*(?:\s+[a-z][\w-]*)?,\s+(?=(?:a|an)\s)", after)
    if apposition:  # "the FedOne framework, a federated … method" -> "a federated … method"
        after = after[apposition.end():]
    expansion = re.match(r"^\(([A-Z][^()]{3,80})\)[,:]?\s*", after)
    if expansion:  # "TaS-FG (Track and Stop for Feedback Graphs), an … algorithm"
        rest = after[expansion.end():] if after[expansion.end():].startswith(("a ", "an ")) else ""
        return f"{expansion.group(1)}, {rest}" if rest else expansion.group(1)
    after = re.sub(r"^[,:–—-]+\s*", "", after).strip()
    clause = _relative_clause(after, _WHICH_OR_THAT_VERB)
    if clause is not None:  # "FlowDrag, which leverages …" -> "leveraging …" (capitalised by the caller)
        return clause
    titled = re.match(r"^((?:[A-Z][\w-]*\s+(?:(?:of|and|for|the|in|with|to|via|on|from)\s+)?)+[A-Z][\w-]*)[,:]", after)
    if titled:  # "SECOND: Selective and Contrastive Decoding, a novel approach …" -> the expansion
        return titled.group(1)
    return after


# An en dash joining two names ("Kullback–Leibler", "Fenchel–Young"), or a word and a number: one word of a keyphrase,
# as a hyphen makes one. Not one set between words as a dash ("networks–which", "models–based").
_JOINING_EN_DASH = re.compile(r"–(?<=[^\W_]–)(?=[A-Z0-9])")  # (the dash first: see enrich._TIE)


# An adverb that makes one term with the adjective after it ("strongly convex functions", "μ-strongly convex",
# "non-strongly convex problems", "strictly monotone"): read as one word, not an adverb opening a clause, which left
# "convex functions" of "strongly convex functions". Joined by a combining grapheme joiner, a mark the keyphrase
# reader keeps inside a word and no abstract writes, and written apart again on the card. The pattern opens with its
# literal "ly", which the regex engine scans for fast (~1 µs an abstract; one opening with the adverbs took 140).
_MATH_ADVERB = re.compile(r"ly (geodesically )?(?=(?:convex|concave|log-concave|monotone)\b)")  # "-": one word
_MATH_ADVERB_STEMS = ("strong", "strict", "weak", "uniform")
_JOINER = "\u034f"


def _math_adverbs_joined(plain: str) -> str | None:
    """`plain` with each adverb of _MATH_ADVERB joined to its adjective, or None where it writes none."""
    pieces: list[str] = []
    at = 0
    for match in _MATH_ADVERB.finditer(plain):
        before = plain[max(0, match.start() - 8):match.start()].lower()
        stem = next((stem for stem in _MATH_ADVERB_STEMS if before.endswith(stem)), None)
        if stem is None or before[-len(stem) - 1:-len(stem)].isalpha():  # "headstrongly" is none
            continue
        pieces += (plain[at:match.start()], "ly", _JOINER, "geodesically" + _JOINER if match.group(1) else "")
        at = match.end()
    if not pieces:
        return None
    pieces.append(plain[at:])
    return "".join(pieces)


# A word with a subscript or a superscript is a formula's symbol ("the curvature curv_f of the submodular term",
# "x^(k)"): a break, not a word of the keyphrase before it ("curvature curv").
_SYMBOL = re.compile(r"(?<![\w-])[A-Za-z]{2,}(?=[_^][\w{(])")


def keywords_for(plain: str, names: Sequence[str]) -> tuple[str, ...]:
    """5–8 keyphrases: specific noun phrases built from the abstract's recurring words; an adverb and the adjective
    it makes a term with one word in them (_MATH_ADVERB)."""
    joined = _math_adverbs_joined(plain)
    if joined is None:
        return _keywords_for(plain, names)
    return tuple(phrase.replace(_JOINER, " ") for phrase in _keywords_for(joined, names))


def _keywords_for(plain: str, names: Sequence[str]) -> tuple[str, ...]:
    """5–8 keyphrases: specific noun phrases built from the abstract's recurring words.

    A phrase of only weak words (_WEAK_WORDS: "numerical results", "proposed method", "certain conditions") is a
    keyphrase only where fewer than 5 others are: a card shows 5 that say something rather than 8 padded out. An
    acronym the text defines is its phrase spelled out, as the text writes it ("large language models" for "LLMs",
    and for "Language Models" of "Recent Large Language Models (LLMs)"): one keyphrase, that a reader can read.
    """
    if "–" in plain:  # a token holds hyphens, not en dashes: "Kullback Leibler divergence" was one card's keyphrase
        plain = _JOINING_EN_DASH.sub("-", plain)
    if "_" in plain or "^" in plain:
        plain = _SYMBOL.sub(";", plain)
    phrases, word_counts = _candidates(plain)
    name_words = {w.lower() for n in names for w in n.split()}
    spelled, loosely = _spelled_out(plain)
    acronym_of: dict[str, str] = {}  # an acronym's phrase spelled out, ranked in its place: the acronym
    ranked: list[tuple[float, str]] = []  # (-score, phrase): sorting puts the best first, ties by name
    weak: list[tuple[float, str]] = []  # the same, for phrases of only weak words
    generic, weak_words, count_of = GENERIC, _WEAK_WORDS, word_counts.__getitem__
    for phrase, count in phrases.items():
        low = phrase.lower()
        if " " not in low:  # one word (nearly half the candidates): the general case below, spelled out
            if low in generic or low in name_words:
                continue
            written = count_of(low)
            score = -(count + 0.5 * (written - 1))  # a float: no call to float() for it
            if spelled and low in spelled and phrase != low and name_words.isdisjoint(spelled[low].lower().split()):
                ranked.append((score, spelled[low]))
                acronym_of[spelled[low]] = phrase
            elif low in weak_words or low.endswith("ed") or (written == 1 and phrase == low):
                # "principles", "address", a verb form ("determined", "applied"), a word in small letters the text
                # writes once (nearly all 1-word candidates, tied, taken in alphabetical order: "entirety", "held",
                # "deterministic", "promise"): a keyphrase where fewer than 5 others are
                weak.append((score, phrase))
            else:
                ranked.append((score, phrase))
            continue
        words = low.split()
        if name_words and not name_words.isdisjoint(words):
            continue
        specific = repeats = 0  # the words not generic, and how often the text uses them beyond once
        for word in words:
            if word not in generic:
                specific += 1
                repeats += count_of(word) - 1
        if not specific:
            continue
        score = 2.0 * count + repeats / len(words) + 2.0
        if spelled and low in spelled and name_words.isdisjoint(spelled[low].lower().split()) and (
                low == spelled[low].lower() or _written_only_within(plain, low, spelled[low])):
            ranked.append((-score - 3.0, spelled[low]))  # a phrase the text names with an acronym
        else:
            if low in loosely:  # "eXplainable Artificial Intelligence (XAI)": named, if not spelled letter by letter
                score += 3.0
            for word in words:  # the first is most often not weak: one look-up
                if word not in weak_words:
                    ranked.append((-score, phrase))
                    break
            else:
                weak.append((-score, phrase))
    ranked.sort()
    picks = _Picks(acronym_of, plain)
    picks.add(ranked, MAX_KEYWORDS)
    if len(picks.chosen) >= MIN_KEYWORDS:  # the usual case: no need to rank weak phrases or single words
        return tuple(picks.chosen)
    weak.sort()
    picks.add(weak, MIN_KEYWORDS)
    chosen = picks.chosen
    for word, _count in word_counts.most_common():
        if len(chosen) >= MIN_KEYWORDS:
            break
        if word not in GENERIC and word not in name_words and len(word) > 2 and word not in picks.cited \
                and not _overlaps(word, chosen):
            chosen.append(word)
    return tuple(chosen)


# A surname as references write it: a capital, small letters, maybe a second capital ("LeCun", "McMahan") and
# hyphenated parts ("Cohen-Addad", "Abbasi-Yadkori"); not an acronym ("ICML 2018").
_SURNAME = r"[A-Z][a-z\u00c0-\u024f'’]+(?:[A-Z][a-z\u00c0-\u024f'’]+)?(?:-[A-Z][a-z\u00c0-\u024f'’]+)*"
# After a cited author's surname: a co-author's, then "et al." or the year ("Landrieu and Obozinski (2017)", "Ge et
# al. (2017)", "Bassily et al we …", "(Chi & Lange, 2015)", "(Rolfe 2016)").
_CO_AUTHOR = re.compile(rf"\s+(?:and|&)\s+{_SURNAME}")
_ET_AL = re.compile(r"\s+et\s+al\b")
_YEAR_IN_BRACKETS = re.compile(r"\s*\(\s*(?:19|20)\d\d")
_YEAR = re.compile(r",?\s+(?:19|20)\d\d(?!\d)")  # inside the reference's brackets: asked only there
_AFTER_A_CITED_NAME = (" et al", " (", "(", ",", " and ", " & ", " 19", " 20")  # one look rules most words out
_AFTER_A_CO_AUTHOR = re.compile(rf"{_SURNAME}\s+(?:and|&)\s+$")


def _names_cited(phrase: str, plain: str) -> bool:
    """Whether each word of a capitalised phrase is the surname of an author `plain` cites: "Landrieu" ("introduced
    by Landrieu and Obozinski (2017)"), "Ghadimi Lan" ("proposed in Ghadimi & Lan (2012)")."""
    return all(word[:1].isupper() and _cited(word, plain) for word in phrase.split(" "))


def _cited(surname: str, plain: str) -> bool:
    """Whether `plain` writes `surname` as a cited author's, first or second, anywhere: "Ge et al.", "Denton and
    Fergus (2018)", "(Maystre & Grossglauser, 2015)", "(Rolfe 2016)"; not "ICML 2018". A text names a cited author
    for the work cited, seldom as its topic."""
    at = plain.find(surname)
    while at >= 0:
        end = at + len(surname)
        if plain.startswith(_AFTER_A_CITED_NAME, end) and not plain[at - 1:at].isalnum():  # a word, maybe cited
            co_author = _CO_AUTHOR.match(plain, end)
            authors_end = co_author.end() if co_author else end
            if _ET_AL.match(plain, authors_end) or _YEAR_IN_BRACKETS.match(plain, authors_end):
                return True
            if _YEAR.match(plain, authors_end) and _opens_a_reference(plain, at):
                return True
        at = plain.find(surname, end)
    return False


# "et al" as _ET_AL reads it, anywhere: the literal "et" opening it, the regex engine scans for fast.
_ET_AL_ANYWHERE = re.compile(r"et\s+al\b")


def _may_cite(plain: str) -> bool:
    """Whether `plain` writes what _cited looks for after a surname, "et al." or a year (19xx, 20xx), anywhere: most
    abstracts cite no one, and then no phrase is read for surnames (_names_cited, a search per word)."""
    return "19" in plain or "20" in plain or _ET_AL_ANYWHERE.search(plain) is not None


def _opens_a_reference(plain: str, at: int) -> bool:
    """Whether the surname at `at`, or the co-author's before it ("Chi & Lange"), follows a bracket, a semicolon or a
    comma: a reference in brackets ("(Rolfe 2016)", "(Chi & Lange, 2015)", "(…; Jang et al., 2016)")."""
    first = _AFTER_A_CO_AUTHOR.search(plain, max(0, at - 40), at)
    start = first.start() if first else at
    return plain[max(0, start - 2):start].rstrip()[-1:] in ("(", ";", ",")


class _Picks:
    """The keyphrases chosen so far, best first, none inside another nor saying another's thing again.

    `acronym_of`: the acronyms ranked as their phrase spelled out ("graph neural networks" for "GNNs"), by that
    phrase: the acronym is the keyphrase where a part of the phrase the text also writes apart was chosen first
    ("neural networks" in a paper comparing them with GNNs). `cited`: the surnames of cited authors met (lower case),
    no keyphrase: "Landrieu" ("Landrieu and Obozinski (2017)"), "Ghadimi Lan" ("Ghadimi & Lan (2012)"); looked for
    only among the phrases a card would show, most abstracts citing no one."""

    def __init__(self, acronym_of: dict[str, str], plain: str) -> None:
        self._acronym_of = acronym_of
        self._plain = plain
        self.cited: set[str] = set()
        self.chosen: list[str] = []
        self._low: list[str] = []
        # The last two words of the chosen phrases of three words or more: where in `chosen`, and whether the words
        # before them only rate or place it ("standard", "optimal", "deep") rather than say which one it is.
        self._tails: dict[str, tuple[int, bool]] = {}
        self._may_cite: bool | None = None  # _may_cite(plain), asked at the first capitalised phrase

    def _cites(self) -> bool:
        """Whether the abstract may cite anyone (_may_cite), read once."""
        if self._may_cite is None:
            self._may_cite = _may_cite(self._plain)
        return self._may_cite

    def add(self, ranked: Sequence[tuple[float, str]], limit: int) -> None:
        """Take phrases of `ranked` (best first) until `limit` are chosen."""
        chosen, chosen_low, tails = self.chosen, self._low, self._tails
        for _score, phrase in ranked:
            if len(chosen) >= limit:
                break
            low = phrase.lower()
            if phrase[1:2].islower() and phrase[:1].isupper() and self._cites() and _names_cited(phrase, self._plain):
                self.cited.update(low.split())
                continue
            for other in chosen_low:
                if low in other or other in low:
                    acronym = self._acronym_of.get(phrase)
                    if acronym is None or low in other or _overlaps(acronym, chosen):
                        break
                    phrase, low = acronym, acronym.lower()  # "neural networks" chosen: "GNNs" says the rest
                    chosen.append(phrase)
                    chosen_low.append(low)
                    break
            else:
                if low.count(" ") > 1:
                    head, tail = _head_and_tail(low)
                    if tail in tails:  # "deep neural networks" beside "graph neural networks": one says it
                        at, vague = tails[tail]
                        if _says_little(head, chosen_low[at]):
                            continue  # the one ranked better stays
                        if vague:  # ranked better, but only "deep": "graph" says which
                            chosen[at], chosen_low[at] = phrase, low
                            tails[tail] = (at, False)
                            continue
                        # both say which ("Bayesian" and "convolutional neural networks"): both are keyphrases
                    else:
                        tails[tail] = (len(chosen), _VAGUE_MODIFIERS.issuperset(head))  # _says_little(head, "")
                chosen.append(phrase)
                chosen_low.append(low)


def _head_and_tail(low: str) -> tuple[list[str], str]:
    """A phrase of three words or more (lower case) as the words before its last two, and those two."""
    words = low.split()
    return words[:-2], f"{words[-2]} {words[-1]}"


# Words before a keyphrase's last two that rate or place it rather than say which one it is: "optimal convergence
# rates" beside "exact convergence rates" tells a reader nothing more. Named kinds ("Bayesian", "graph",
# "hierarchical", "stochastic") are not among them.
_VAGUE_MODIFIERS = GENERIC | wordset(
    """standard classical classic optimal vanilla exact approximate simple specific general global single multiple
    various different several existing previous prior original full total complex future current recent novel
    traditional conventional typical common generic basic advanced modern remarkable efficient effective fast faster
    large larger small smaller high higher low lower better best improved modified updated corresponding relevant
    particular certain unknown essential intrinsic subtle holistic diverse deep harmful unsafe finite simultaneous
    synthetic strict heterogeneous alternative overall main key important significant real actual underlying
    similar individual respective appropriate additional initial final short shorter long longer"""
)


# Words that make no keyphrase on their own, in any number: GENERIC's, and those that rate, place or report a thing
# rather than name it ("numerical results", "proposed method", "certain conditions", "theoretical guarantees",
# "synchronous counterparts"). Unlike _VAGUE_MODIFIERS, kinds a field is named by are not among them: "deep learning",
# "heterogeneous data".
_WEAK_WORDS = (_VAGUE_MODIFIERS - wordset("deep heterogeneous intrinsic harmful unsafe")) | wordset(
    """proposed extensive numerical empirical experimental theoretical comprehensive promising satisfactory superior
    competitive substantial considerable favorable favourable strong stronger new present presented wide wider broad
    broader rigorous thorough preliminary impressive notable good great excellent challenging difficult practical
    realistic real-world numerous many few first second third state-of-the-art sota whole entire further other same
    such unified flexible accurate extra
    counterpart counterparts conditions assumption assumptions guarantee guarantees finding findings
    evidence observation observations solution solutions principle principles notion focus respect contrast
    difference differences option options variant variants aspect aspects manner fact extent effectiveness
    efficiency superiority advantage advantages benefit benefits limitation limitations drawback drawbacks property
    properties effect effects version versions variety contribution contributions idea ideas side perspective
    perspectives view lens component components part parts amount amounts address central role roles
    encouraging mild ability abilities capability capabilities instance instances clear attempt attempts attractive
    flexibility faithful fraction advance advances increased interesting question questions next powerful preferred
    reasonable suitable suboptimal modification modifications applicable account useful natural restrictive"""
)


def _says_little(head: list[str], other: str) -> bool:
    """Whether the words before a phrase's last two only rate or place it (_VAGUE_MODIFIERS), or spell the words
    before `other`'s last two another way ("gradient-boosting decision trees" beside "gradient-boosted …")."""
    if _VAGUE_MODIFIERS.issuperset(head):
        return True
    other_head = other.split()[:-2]
    return len(other_head) == len(head) and all(mine[:6] == theirs[:6] and min(len(mine), len(theirs)) >= 6
                                                for mine, theirs in zip(head, other_head, strict=True))


def _overlaps(phrase: str, chosen: Sequence[str]) -> bool:
    low = phrase.lower()
    return any(low in c.lower() or c.lower() in low for c in chosen)


def _candidates(plain: str) -> tuple[Counter[str], Counter[str]]:
    """RAKE-style candidate phrases (runs of content words between stopwords and punctuation) and word counts.

    A run right after "we", "that", "to", "can" … starts with a verb ("that integrates medical
    knowledge"); that first word is dropped, as are adverbs. A plural noun ends its phrase, the word after it
    dropped too ("algorithms run in …": "algorithms"; see _PLURAL). This loop runs for every token of every
    paper of every load: each distinct token is classified once per process (`_token_kind`), and it
    collects into lists and counts once at the end (Counter's C fast path). Its state is only the run
    and the word before it: `previous` is "" at the start of a chunk (a break's "lower-cased" form is "").
    """
    found: list[str] = []  # candidate phrases, one entry per occurrence
    content: list[str] = []  # content words, lower-cased, one entry per occurrence
    before_verb, before_gerund = _BEFORE_A_VERB, _BEFORE_A_GERUND
    kinds, known, kind_of, tokens_of = _TOKEN_KINDS, _TOKEN_KINDS.get, _token_kind, _TOKEN.findall
    size, head_words = len, _head_words  # local names: looked up at each phrase
    content_kind, gerund, trailing, plural, named = _CONTENT, _GERUND, _TRAILING, _PLURAL, _ACRONYM | _CAPITALISED
    singular, ends_on_a_verb = _SINGULAR_DETERMINERS, _ends_on_a_verb
    base_verb, determiners, verb_or_participle = _BASE_VERB, _DETERMINERS, _BASE_VERB | _GERUND
    auxiliaries, noun_pointers = _AUXILIARIES, _BEFORE_A_NOUN_IN_S
    verb_subjects, prepositions_kept = _BEFORE_A_SUBJECT_OF_ITS_VERB, _KEEPING_THEIR_PREPOSITION  # quick tests first
    copulas, after_a_copula, listing = _BEFORE_A_PREDICATE_WORD, _BETWEEN_A_COPULA_AND_ITS_PREDICATE, _LISTING
    nouns_too, adjective_endings, predicate_endings = (_PLURAL_NOUNS_AMONG_VERBS, _ADJECTIVE_SUFFIXES,
                                                       _ENDINGS_OF_A_PREDICATE)
    adverb_openers, noun_openers, another_predicate = (_BEFORE_AN_ADVERB_AND_ITS_VERB, _BEFORE_A_VERB_OR_A_NOUN,
                                                       _ANOTHER_PREDICATES)
    proper: dict[str, bool] = {}  # each opening word looked for once: "Ab c. " * 3333 has 3,333 sentences
    participles: dict[str, bool] = {}  # and each pair of a noun and a word in -ing: "a b-ing the " * 1000
    for sentence in sentences(plain):
        tokens = tokens_of(sentence)  # one C call per sentence
        if not tokens:
            continue
        first_low, first_kind = known(tokens[0]) or kind_of(tokens[0])
        if first_kind & _CAPITALISED and not first_kind & gerund:
            is_proper = proper.get(tokens[0])
            if is_proper is None:
                is_proper = proper[tokens[0]] = _capitalised_mid_sentence(tokens[0], plain)
            if not is_proper:
                tokens[0] = first_low  # a capital only because it opens the sentence (unlike "Bayesian")
        run: list[str] = []
        last = 0  # the kind of the run's last word: _TRAILING, _PLURAL (see below)
        previous = ""
        for token in tokens:
            try:  # a subscript, not a call of .get: ~20 ns less a token, and a token is new to the process seldom
                low, kind = kinds[token]
            except KeyError:
                low, kind = kind_of(token)
            if kind < content_kind:  # punctuation ends a chunk, a stop word a run: no phrase crosses either
                if run:  # (more than half of these tokens follow another: nothing to close)
                    if low in nouns_too and run[-1].endswith(adjective_endings) and run[-1].islower():
                        content.append(low)  # "explicit non-asymptotic guarantees for …": the noun an adjective
                        run.append(token)  # qualifies, not a verb
                        last = content_kind | plural
                        continue
                    if last & plural and (low in determiners or previous in verb_subjects) and ends_on_a_verb(
                            run, low, previous):
                        content.pop()  # "this architecture melds the …": a verb in -s, not a plural noun
                        run.pop()
                        if run:
                            found.append(_phrase(run, plain))
                    elif last & plural and low[-2:] == "ly" and size(run) > 1 and _verb_before_its_adverb(
                            run, low, sentence):
                        content.pop()  # "prediction error decays optimally with …": the verb, not a plural noun
                        run.pop()
                        found.append(_phrase(run, plain))
                    elif last & verb_or_participle and low in determiners and _qualifies_nothing(run) and (
                            last & base_verb or _participle_closes(run, last, plain, participles)):
                        content.pop()  # "real data support our theory": the verb, not the noun ("data support")
                        run.pop()
                        if run:
                            found.append(_phrase(run, plain))
                    elif run[-1] in prepositions_kept and (reading := _before_its_preposition(run, low, previous)):
                        if reading == _GOES_WITH_ITS_PREPOSITION:
                            content.pop()  # "SGD subject to …": the word goes with its preposition, not the noun before
                            run.pop()
                            if run:
                                found.append(_phrase(run, plain))
                        # else the noun: "with explicit focus on …" says how the text focuses, no topic (words counted)
                    elif size(run) > 1:  # the head noun last
                        if not (previous in copulas and (previous in another_predicate or run[-1].endswith(
                                predicate_endings)) and _is_predicate(run[-1], previous, sentence, low)):
                            found.append(_phrase(run, plain) if last & trailing else " ".join(run) if size(run) < 4
                                         else head_words(run, plain))
                        elif (low or token) in listing:  # "smooth, strongly convex and Hessian Lipschitz, …"
                            run = []
                            previous = _ANOTHER_PREDICATE if low else _ANOTHER_PREDICATE_AFTER_A_MARK
                            continue
                        # else "smooth, strongly convex and Hessian Lipschitz.", "are minimax optimal, …": what a
                        # thing is, not a thing
                    elif not ((previous in copulas or previous[-2:] in after_a_copula)
                              and _is_predicate(run[0], previous, sentence, low)):
                        found.append(_phrase(run, plain) if last & trailing else run[0])
                    elif (low or token) in listing:  # "the loss is convex and Lipschitz but …": said of it too
                        run = []
                        previous = _ANOTHER_PREDICATE if low else _ANOTHER_PREDICATE_AFTER_A_MARK
                        continue
                    # else "when A and W are dense, …": what a thing is, not a thing (the word still counted)
                    run = []
                elif previous in adverb_openers and low[-2:] == "ly" and low not in _NOT_ADVERBS_IN_LY:
                    continue  # "that can aggressively handle …": the verb after the adverb opens no keyphrase either
                previous = low if low != "not" or previous in auxiliaries else _CONTRASTING_NOT
            elif run:
                if not last & plural:
                    content.append(low)
                    run.append(token)  # as written: lower case, an acronym, or a capital mid-sentence
                    last = kind
                    continue
                # A plural noun ends its phrase: a noun it qualified would come before it, so the word after it is its
                # verb or what it is ("algorithms run in …", "CNNs necessary for …").
                if previous in singular and ends_on_a_verb(run, low, previous):  # "an agent interacts …"
                    content.pop()
                    run.pop()
                    found.append(_phrase(run, plain))
                else:
                    found.append(" ".join(run) if size(run) < 4 else head_words(run, plain))
                if kind & named:  # a name set beside it ("our algorithms MD-UCBE") is a phrase of its own
                    content.append(low)
                    run = [token]
                    last = kind
                    previous = ""
                else:
                    run = []
                    previous = low
            elif (previous in before_verb and not (previous in noun_openers and _opens_a_noun(previous, low, kind,
                                                                                          sentence))) or (
                    kind & gerund and (not previous or previous in before_gerund)) or (
                    kind & plural and not kind & named and previous.endswith("ly") and previous not in noun_pointers):
                previous = low  # the verb opening a clause ("QuickPrune efficiently prunes …"): not in a keyphrase
            else:
                content.append(low)
                run = [token]
                last = kind
        if run:
            found.append(_phrase(run, plain) if last & trailing else " ".join(run) if size(run) < 4
                         else head_words(run, plain))
    return Counter(found), Counter(content)


# Words of _BEFORE_A_VERB that may open a noun phrase too: "to" is a preposition ("applied to structured data"), and
# "then" opens the clause after a condition ("if the loss is not differentiable then deep linear networks can …").
_BEFORE_A_VERB_OR_A_NOUN = wordset("to then")
_CONDITIONS = ("if ", "If ", " when ", "When ", "whenever", "Whenever")


def _opens_a_noun(previous: str, low: str, kind: int, sentence: str) -> bool:
    """Whether the content word `low` after "to" or "then" (_BEFORE_A_VERB_OR_A_NOUN) opens a noun phrase rather than
    being a verb: after "to", a participle in -ed ("to structured data"; not "succeed"; a plural noun after "to" is
    left a verb's object, as "trees" would beat "syntax trees"); after "then", any word, where the sentence opens a
    condition before it ("If …, then deep linear networks …"), the clause after it opening on its subject."""
    if previous == "to":
        return bool(kind & _TRAILING) and low.endswith("ed") and not low.endswith("eed")
    then = sentence.find("then")
    return then > 0 and any(0 <= sentence.find(condition) < then for condition in _CONDITIONS)


# Adverbs in -ly that follow a noun as readily as a verb ("images and captions respectively", "models trained jointly
# with …"), besides those that point at the noun after them (_BEFORE_A_NOUN_IN_S).
_AFTER_A_NOUN = _BEFORE_A_NOUN_IN_S | wordset("respectively jointly simultaneously separately independently "
                                                "accordingly alike")
# What follows the adverb after a verb in -s ("decays optimally with", "grows linearly in", "converges quickly."): a
# preposition or a mark ("": _token_kind's lower-cased break).
_AFTER_A_VERB_AND_ITS_ADVERB = wordset("with in as at to than over under from on for by across within") | {""}


def _verb_before_its_adverb(run: list[str], adverb: str, sentence: str) -> bool:
    """Whether the run's last word, in -s and before the adverb in -ly `adverb`, is the verb of the noun before it:
    the noun qualifying no other ("in-sample prediction error decays optimally with the number of tokens"; not
    "neural networks typically …" after an adjective), and a preposition or a mark after the adverb, where a verb
    would follow it if the word in -s were its subject ("language models typically require …")."""
    if adverb in _AFTER_A_NOUN or adverb in _NOT_ADVERBS or adverb in _NOT_ADVERBS_IN_LY or not run[-1].islower() \
            or not _qualifies_nothing(run):
        return False
    pair = f"{run[-1]} {adverb}"
    at = sentence.find(pair)
    if at < 0:  # written across a line break or with more spaces: no reading
        return False
    after = _TOKEN.match(sentence, at + len(pair))
    if after is not None and _known_kind(after.group(1))[0] not in _AFTER_A_VERB_AND_ITS_ADVERB:
        return False
    return not _verb_earlier_in_its_clause(sentence[:at])


# What opens a clause, looking back from a word: a mark ("": a break), a relative or a conjunction that opens one.
_OPENING_A_CLAUSE = wordset("that which whereas while whilst although though because since if when where but")
_VERB_FORMS = VERBS | _VERBAL_GERUNDS | _VERBS_NOT_NOUNS | _BASE_VERBS | _AUXILIARIES


def _verb_earlier_in_its_clause(before: str) -> bool:
    """Whether the clause `before` ends in has a verb already, so that the noun phrase closing it is that verb's object
    ("it requires propagating error gradients …", "to capture the video dependencies …"), not a subject ("our
    results show that in-sample prediction error …", "Empirically, our algorithm …")."""
    for token in reversed(_TOKEN.findall(before)):
        low = _known_kind(token)[0]
        if low == "" or low in _OPENING_A_CLAUSE:
            return False
        if low in _VERB_FORMS or _is_verb_form(low):
            return True
    return False


def _ends_on_a_verb(run: list[str], after: str, before: str) -> bool:
    """Whether a run closing on a word in -s (`_PLURAL`) closes on a verb rather than a plural noun, as the words
    around it tell: a determiner after it opens its object ("this architecture melds the …"), or one of one thing
    before the run makes the noun before it singular, its subject ("an agent interacts with …"; "a feature maps" is
    no English). Not after an adjective, which qualifies the plural ("analytical tasks a user performs"), nor, for the
    second, after a possessive or a verb in -ing ("each agent's decisions", "an algorithm projecting updates")."""
    if not run[-1].islower():
        return False
    if after in _DETERMINERS:
        return _qualifies_nothing(run)
    if len(run) > 1 and run[-2] in _SUBJECT_NOUNS and after in _AFTER_ITS_VERB and before in _BEFORE_A_SUBJECT:
        return True  # "the proposed framework rests on …", "our result holds in …"
    return before in _SINGULAR_DETERMINERS and len(run) > 1 and not run[-2].endswith(_NOT_BEFORE_A_VERB) and not any(
        word.endswith(_POSSESSIVE) for word in run[:-2])  # "a network's feature maps": "a" is the network's


# Verbs whose complement says what their subject is: a single word after them, and before a mark or a stop word, is
# an adjective ("A and W are dense, …", "the loss is convex and …", "is approximately L-smooth, a result …"), not a
# noun phrase. Splitters all: a word after them opens a run. An adverb or "not" may stand between ("is not convex"):
# the endings that let the look back (_is_predicate) be asked.
_COPULAS = wordset("is are was were be been being become becomes remain remains")
_BETWEEN_A_COPULA_AND_ITS_PREDICATE = frozenset(("ly", "ot"))  # an adverb in -ly, "not"
# `previous` after a predicate dropped and "and" or "or", or a comma: the word alone after it is one too ("the loss is
# convex and Lipschitz but …"), where a mark or a conjunction follows it (not "is small, accuracy drops"). After the
# comma, as at a chunk's start, a word in -ing opens a clause ("HOP is highly versatile, accommodating …").
_ANOTHER_PREDICATE, _ANOTHER_PREDICATE_AFTER_A_MARK = "and,", ",,"
_ANOTHER_PREDICATES = frozenset((_ANOTHER_PREDICATE, _ANOTHER_PREDICATE_AFTER_A_MARK))
# Endings of adjectives that close a predicate of several words right after a copula ("are minimax optimal", "is
# fixed-parameter tractable", "is very stable"): what a thing is, as one word alone there; not endings nouns have as
# often ("-ic": "metric", "-ive": "objective", "-ary": "boundary").
_ENDINGS_OF_A_PREDICATE = ("al", "ous", "ful", "less", "able", "ible")
_BEFORE_A_PREDICATE_WORD = _COPULAS | _ANOTHER_PREDICATES
_AFTER_ANOTHER_PREDICATE = frozenset(("", "and", "or", "but", "nor"))  # "": a mark
# Words of _BEFORE_A_VERB that an adverb in -ly may part from their verb ("a classifier that can aggressively handle
# shifted distributions", "we carefully design …"): the word after the adverb is still the verb. Not "to", which is a
# preposition too ("applied to fully connected networks"), nor the adverbs and "not" ("not necessarily convex").
_BEFORE_AN_ADVERB_AND_ITS_VERB = wordset("we they it that which who can could may might will would should must")
_NOT_ADVERBS_IN_LY = wordset("apply supply reply rely multiply comply imply")  # verbs: "we apply Gaussian processes"
# Endings of nouns a copula may take without a determiner ("the goal is classification", "the answer is yes"…): the
# word stays a candidate.
_NOUN_ENDINGS = ("tion", "sion", "ment", "ness", "ity", "ance", "ence", "ism", "ogy", "phy", "ship", "ure", "ing")


def _is_predicate(word: str, before: str, sentence: str, after: str) -> bool:
    """Whether `word`, a run of one word after `before` (a copula, an adverb or "not" after one, or a predicate and
    "and": _ANOTHER_PREDICATE) and before `after`, is what the copula says its subject is: an adjective ("dense",
    "convex", "L-smooth", "Lipschitz"), not a plural, a name in capitals ("MDP") nor a noun by its ending."""
    kind = _known_kind(word)[1]
    if kind & _PLURAL or word.isupper() or word.rpartition("-")[2].lower().endswith(_NOUN_ENDINGS):
        return False
    if before in _COPULAS:
        return True
    if before in _ANOTHER_PREDICATES:
        return after in _AFTER_ANOTHER_PREDICATE
    return _written_after_a_copula(f" {before} {word}", sentence)


# Cached: a sentence repeating its adverb and word ("formally Deep formally Deep …", a hostile paragraph) asks once
# per occurrence, and each look would read every occurrence again (0.85 s for 20,000 characters).
@lru_cache(maxsize=256)
def _written_after_a_copula(needle: str, sentence: str) -> bool:
    """Whether `needle`, an adverb or "not" and the word after it as written (in small letters mid-sentence), follows
    a copula anywhere in `sentence`: "is approximately L-smooth", "are not dense"."""
    at = sentence.find(needle)
    while at >= 0:
        if sentence[max(0, at - 7):at].rpartition(" ")[2] in _COPULAS:
            return True
        at = sentence.find(needle, at + 1)
    return False


_GOES_WITH_ITS_PREPOSITION, _NO_TOPIC = 1, 2


def _before_its_preposition(run: list[str], after: str, before: str) -> int:
    """How the run's last word (one of _KEEPING_THEIR_PREPOSITION) reads before `after`: _GOES_WITH_ITS_PREPOSITION
    ("SGD subject to …", "ATE estimation focus on …", "depth acts as …": the run without it is the phrase), _NO_TOPIC
    (the noun "focus": "with explicit focus on …", no phrase), or 0, a word of the phrase ("complete draws from …")."""
    word = run[-1]
    if after in _BEFORE_ITS_PREPOSITION.get(word, ()):
        return _GOES_WITH_ITS_PREPOSITION
    if after not in _VERB_OR_NOUN_BEFORE_ITS_PREPOSITION.get(word, ()):
        return 0
    if _said_of_its_subject(run, before):
        return _GOES_WITH_ITS_PREPOSITION
    return _NO_TOPIC if word == "focus" else 0


def _said_of_its_subject(run: list[str], before: str) -> bool:
    """Whether the run's last word, a verb or a noun before the verb's preposition ("focus on"), is the verb of the
    noun before it ("ATE estimation focus on …", "LfD focus either on …", "depth acts as …"): not after a determiner,
    as the noun of "the research focus on …" (unless one of one thing before a word in -s: _one_of_them), nor after
    "with" ("with explicit focus on"), nor after a word that rates or qualifies it ("with particular focus on",
    "renewed focus", "growing focus", "greater focus", "exclusive focus")."""
    if len(run) < 2 or before in _BEFORE_A_FOCUS:
        return False
    if before in _DETERMINERS or run[-1] in _NOUNS_AS_OFTEN:
        return _one_of_them(run, before)
    word = run[-2]  # a field's noun in -ing is a subject ("reinforcement learning focus on"), "growing" is not
    return (word in _NOUN_GERUNDS or not word.endswith(_NOT_BEFORE_A_FOCUS)) and word.lower() not in _RATES_A_FOCUS


def _one_of_them(run: list[str], before: str) -> bool:
    """Whether a determiner of one thing opens a run closing on a word in -s, its verb: "a node’s representation
    draws from …" (a plural's would be the owner's: "the sampler’s draws from …")."""
    return before in _SINGULAR_DETERMINERS and not run[-2].endswith(_POSSESSIVE) and bool(
        _known_kind(run[-1])[1] & _PLURAL)  # "a research focus on": the noun


_NOT_BEFORE_A_FOCUS = (*_NOT_BEFORE_A_VERB, "ed", "er", "ive", "ic")
_BEFORE_A_FOCUS = wordset("with without")  # "with explicit focus on": the noun, whatever qualifies it
_RATES_A_FOCUS = _WEAK_WORDS - GENERIC  # "particular", "main", "clear"; not a noun such as "learning" or "data"


def _participle_closes(run: list[str], last: int, text: str, known: dict[str, bool]) -> bool:
    """Whether the run's last word, in -ing and before a determiner, is a participle after its noun, taking an object
    ("the distribution generating the data", "a user abandoning the platform", "the code accompanying these papers"),
    not the noun of a field or a method the word before it qualifies, the comma after it left out ("in most
    literature on group testing the binary test outcome is …", "in federated learning the clients …"): one that
    names a field (_NOUN_GERUNDS), or that the text writes after that word before what is no determiner ("a model of
    group testing that …"). `known`: the pairs already looked for in `text`, each looked for once."""
    if len(run) < 2 or last & _NAMED or run[-1] in _NOUN_GERUNDS:
        return False
    pair = f"{run[-2]} {run[-1]}"
    closes = known.get(pair)
    if closes is None:
        closes = known[pair] = not _written_before_no_determiner(pair, text)
    return closes


def _written_before_no_determiner(pair: str, text: str) -> bool:
    """Whether `text` writes `pair` somewhere before what is no determiner: a sentence's end, a mark, "that"."""
    at = text.find(pair)
    while at >= 0:
        after = _TOKEN.match(text, at + len(pair))
        if after is None or _known_kind(after.group(1))[0] not in _DETERMINERS:
            return True
        at = text.find(pair, at + 1)
    return False


# Words in -ing that name a field or a method ("federated learning", "group testing", "Gibbs sampling"): nouns, the
# word before them qualifying them, also where a comma is left out after them ("in deep learning the model …").
_NOUN_GERUNDS = wordset(
    """learning training testing sampling clustering modeling modelling programming processing computing planning
    filtering forecasting ranking hashing coding encoding decoding reasoning tuning pruning smoothing thresholding
    embedding tracking mining engineering imaging sensing setting""")


def _qualifies_nothing(run: list[str]) -> bool:
    """Whether the run's last word is no noun an adjective before it qualifies ("analytical tasks a user performs"):
    a word that may be a verb is then read as one before a determiner."""
    return len(run) < 2 or not run[-2].endswith(_ADJECTIVE_ENDINGS)


def _capitalised_mid_sentence(word: str, text: str) -> bool:
    """Whether `text` also writes `word` (ASCII, one capital) with a capital mid-sentence, after a
    lower-case letter, a comma or a semicolon and a space ("… a Bayesian model"): a proper noun, kept
    as written where it opens a sentence. Looked for where it is asked about, not over every capital."""
    if not _ONE_CAPITAL_WORD.fullmatch(word):
        return False
    needle = " " + word
    at = text.find(needle, 1)
    while at > 0:
        after = text[at + len(needle):at + len(needle) + 1]
        if text[at - 1] in _BEFORE_MID_SENTENCE_CAPITAL and not (after.isalnum() or after == "_"):  # then \b
            return True
        at = text.find(needle, at + 1)
    return False


_ONE_CAPITAL_WORD = re.compile(r"[A-Z][a-z]+")
# A number and a letter in small letters is a formula's term ("n^(-2r/(2r+1))", "O(2k)"), no keyphrase; "3D" and
# "1st" are words, and "2x" a factor ("a 2x reduction").
_DIGITS_AND_A_LETTER = re.compile(r"[0-9]+[a-wyz]")  # not "2x", twice
_BEFORE_MID_SENTENCE_CAPITAL = frozenset("abcdefghijklmnopqrstuvwxyz,;")


def _phrase(run: list[str], text: str) -> str:
    """The run's head words (_head_words), less the verb forms closing it, and a possessive closing it read as its
    owner ("a calculated optimal solution’s being evaluated …": "calculated optimal solution")."""
    while len(run) > 1 and _known_kind(run[-1])[1] & _TRAILING:
        if run[-1].endswith(_POSSESSIVE):
            return _head_words([*run[:-1], run[-1][:-2]], text)
        run = run[:-1]
    return _head_words(run, text)


def _head_words(run: list[str], text: str) -> str:
    """The run's last three words (English puts the head noun last), unless the first of those closes a noun of two
    words the text writes on its own elsewhere (_ends_a_phrase): "series XAI baselines" of "time series XAI
    baselines" reads "XAI baselines", "Carlo gradient estimators" "Monte Carlo gradient estimators" (a name whole;
    "preconditioned Crank-Nicolson Langevin samplers" keeps its name, "Crank-Nicolson Langevin samplers"). A run of
    four or five words each with a capital is a name, whole ("we present Mean Field Reinforcement Learning …")."""
    if len(run) < 6 and run[0][:1].isupper() and all(word[:1].isupper() for word in run):  # (the first: no
        return " ".join(run)  # generator for most runs)
    if len(run) > 3 and (run[-4][:1].isupper() or not run[-3][:1].isupper()) \
            and _ends_a_phrase(f"{run[-4]} {run[-3]}", text):
        return " ".join(run[-4:] if run[-4][:1].isupper() else run[-2:])  # a name whole, else the head after it
    return " ".join(run[-3:])


def _ends_a_phrase(pair: str, text: str) -> bool:
    """Whether `text` writes the two words `pair` as a noun of their own, elsewhere: followed by no content word
    ("time series.", "time series and …"), so the second is its head noun, not a word qualifying the next one
    ("restless multi-arm bandits")."""
    # The run's own pair is followed by its next word: only another one can tell, written as the run has it or, where
    # the run opens a sentence and was read in small letters ("Gradient descent training …"), capitalised.
    if text.count(pair) + (text.count(pair[0].upper() + pair[1:]) if pair[0].islower() else 0) < 2:
        return False
    at = text.find(pair)
    while at >= 0:
        end = at + len(pair)
        after = _TOKEN.match(text, end)  # None before what is no token: "question–answer", "x$"
        if after is not None and not text[end:end + 1].isalnum() and not text[at - 1:at].isalnum() and \
                _known_kind(after.group(1))[1] < _CONTENT:  # whole words
            return True
        at = text.find(pair, at + 1)
    return False


# Token kinds: a chunk break (punctuation, a spaced dash), a splitter (stop word, verb, adverb,
# number), or a content word with flags: ends in "-ing", has two capitals (an acronym, kept as
# written), starts with a capital (kept as written except as a sentence's first word), may not
# close a phrase (a participle after its noun: "model trained"), a plural noun (no noun of its phrase follows it:
# English qualifies a noun with a singular one, "feature maps", so what follows "maps" is its verb: "maps capture").
# A base form that may be a verb or a noun (_BASE_VERBS, in small letters) is _BASE_VERB.
_BREAK, _SPLIT, _CONTENT, _GERUND, _ACRONYM, _CAPITALISED, _TRAILING, _PLURAL = 1, 2, 4, 8, 16, 32, 64, 128
_BASE_VERB = 256
_NAMED = _ACRONYM | _CAPITALISED
_TOKEN_KINDS: dict[str, tuple[str, int]] = {}
_TOKEN_KINDS_LIMIT = 200_000


def _known_kind(token: str) -> tuple[str, int]:
    """(lower-cased token, kind), from the per-process table where it is known (_token_kind)."""
    return _TOKEN_KINDS.get(token) or _token_kind(token)


def _token_kind(token: str) -> tuple[str, int]:
    """(lower-cased token, kind), remembered per process: the vocabulary repeats from abstract to abstract."""
    if len(_TOKEN_KINDS) >= _TOKEN_KINDS_LIMIT:
        _TOKEN_KINDS.clear()  # bounded memory on a huge corpus; the cache only saves time
    low = token.lower()
    if not token[0].isalnum():
        low, kind = "", _BREAK  # no word: after it, a chunk starts
    elif low in _SPLITTERS or (low.endswith("ly") and low.rpartition("-")[2] not in _NOT_ADVERBS) or len(low) < 2 \
            or not low.strip(_DIGITS) or (_is_verb_form(low) and not _TWO_CAPITALS.search(token)) \
            or (low in _VERBS_NOT_NOUNS and token == low) or _DIGITS_AND_A_LETTER.fullmatch(token):
        kind = _SPLIT
    else:
        kind = _CONTENT | (_GERUND if low.endswith("ing") else 0) | (
            _TRAILING if low in _TRAILING_VERB_FORMS or (low in _TRAILING_OPERATORS and token == low)
            or (low.endswith("ed") and len(low) > 4 and low not in _ED_NOUNS) or low.endswith(_POSSESSIVE)
            else 0)
        if token != low:
            kind |= _ACRONYM if _TWO_CAPITALS.search(token) else _CAPITALISED
        elif low in _BASE_VERBS:
            kind |= _BASE_VERB
        if low[-1] == "s" and _is_plural(token, low):
            kind |= _PLURAL
    _TOKEN_KINDS[token] = low, kind
    return low, kind


# Words ending in "-ly" that are no adverb: nouns ("anomaly detection", "exponential family") and adjectives that say
# what a thing is ("early stopping", "user-friendly interface"; not how good, "costly", like "efficient"), part of a
# keyphrase as other content words are.
_NOT_ADVERBS = wordset("anomaly family assembly supply monopoly butterfly italy july ally rally belly jelly "
                       "early friendly daily weekly monthly yearly hourly timely elderly")
# Words ending in "s" that are no plural noun: singular ones ("series", "bias"), adverbs, nouns in the plural that
# qualify another noun ("materials science"), and endings of singular words ("class", "corpus", "analysis", "physics").
_NOT_PLURAL = wordset("series species means squares news odds sales sports goods materials bayes chaos ethos lens "
                      "atlas alias canvas gas bias diabetes perhaps always nowadays afterwards backwards "
                      "forwards towards upwards downwards outwards sideways")
_SINGULAR_ENDINGS = ("ss", "us", "is", "ics", "’s", "'s")
_ACRONYM_PLURAL = re.compile(r"[A-Z0-9]*[A-Z][A-Za-z0-9]*[A-Z]s")  # "CNNs", "LLMs", "MDPs", "ViTs", "LoRAs"


def _is_plural(token: str, low: str) -> bool:
    """Whether a word ending in "s" is a plural noun, as written in lower case ("algorithms", "time-series" is not)
    or an acronym's plural ("CNNs", "ViTs"); a capitalised word may be a name ("Gibbs", "Lanczos")."""
    if token != low:  # an acronym's letters mostly capitals ("ViTs", "LiNGAMs"), not a name's ("LanczOs Variance …")
        return _ACRONYM_PLURAL.fullmatch(token) is not None and sum(map(str.islower, token)) <= sum(
            map(str.isupper, token))
    word = low.rpartition("-")[2]
    return len(word) > 3 and not word.endswith(_SINGULAR_ENDINGS) and word not in _NOT_PLURAL


# "-ize", "-ise" and "-ify" make verbs: "generalizes", "optimises", "quantifies"; not a size ("stepsize"), a prize,
# "-wise" ("pairwise") nor these nouns and adjectives.
_VERB_ENDINGS = ("ize", "izes", "ise", "ises", "ify", "ifies")
_NOT_VERB_ENDINGS = (
    "size", "sizes", "prize", "prizes", "wise", "noise", "noises", "premise", "premises", "promise", "promises",
    "exercise", "exercises", "expertise", "enterprise", "enterprises", "surprise", "surprises", "compromise",
    "compromises", "franchise", "franchises", "precise", "concise", "paradise", "treatise", "merchandise", "rise",
    "rises", "demise", "guise", "cruise", "praise", "poise")


def _is_verb_form(low: str) -> bool:
    """Whether a word is a verb by its ending: "generalizes", "quantifies" (a run ends at a verb). Asked of no word
    typed with two capitals: "MISE", "DeViSE" and "REVISE" are names."""
    return low.endswith(_VERB_ENDINGS) and not low.endswith(_NOT_VERB_ENDINGS)


def _spelled_out(plain: str) -> tuple[dict[str, str], set[str]]:
    """The phrases the text's acronyms stand for, as written where it defines them ("Large Language Models (LLMs)"),
    by the acronym (lower case, singular and plural: "llm", "llms"), by the phrase in lower case, and by its last
    words: "language models" of "Recent Large Language Models (LLMs)", an opening "Large" being a stop word
    (_written_only_within tells whether those are the phrase's). Second, in lower case, the words before an acronym
    whose initials do not spell it, as many as it has letters ("explainable artificial intelligence (XAI)", "vector
    autoregressive model (VAR)"): a phrase the text names, ranked up, but not one with the acronym."""
    found: dict[str, str] = {}
    loosely: set[str] = set()
    if "(" not in plain:
        return found, loosely
    for match in _ACRONYM_IN_PARENS.finditer(plain):
        acronym = match.group(1).lower()
        singular = acronym[:-1] if acronym.endswith("s") and len(acronym) > 2 else acronym
        if singular in found:  # defined again
            continue
        before = plain[max(0, match.start() - 120):match.start()]
        written = _spelled_before(before, singular)
        if written is None:
            loosely.add(" ".join(before.lower().split()[-len(singular):]))
            continue
        first = written.split(None, 1)[0].split("-", 1)[0]
        if _ONE_CAPITAL_WORD.fullmatch(first) and written[1:].islower() and not _capitalised_mid_sentence(first, plain):
            written = written[0].lower() + written[1:]  # "Large language models (LLMs) are …", as keyphrases write it
        low = written.lower()
        found[singular] = found[singular + "s"] = found[low] = written
        tail = low.split()
        for start in range(1, len(tail) - 1):
            found.setdefault(" ".join(tail[start:]), written)
    return found, loosely


def _spelled_before(before: str, letters: str) -> str | None:
    """The last words of `before` whose initials spell an acronym's `letters` (lower case, no plural "s"), as
    written: each part of a hyphenated word has one ("vision-language models (VLMs)"), the last letter may have none
    ("variational autoencoders (VAEs)"), and stop words none where the others spell it ("reinforcement learning from
    human feedback (RLHF)"). The words _search_text.acronyms finds, read as the text writes them: that one folds
    each word it reads, ~4 µs an acronym, which every abstract's enrichment would pay."""
    words = before.lower().split()
    size = len(letters)
    # The initials of the words from the end back: every word's, every word's but one for a hyphenated word
    # ("hierarchical multi-label classification (HMC)"), the non-stop words'.
    every = whole = content = ""
    for start in range(len(words) - 1, max(-1, len(words) - 2 * size - 1), -1):
        word = words[start].strip(_AROUND_A_WORD)  # "_batch-and-match_ (BaM)"
        if not word:
            return None
        initials = "".join(part[:1] for part in word.split("-")) if "-" in word else word[0]
        every, whole = initials + every, word[0] + whole
        stop = word in STOPWORDS
        if not stop:
            content = initials + content
        if every == letters or whole == letters or (len(every) == size - 1 > 1 and letters.startswith(every)) or (
                content == letters and size > 2 and not stop and words[-1] not in STOPWORDS):
            return " ".join(before.split()[start:]).strip(_AROUND_A_WORD)
        if len(content) >= size and len(whole) >= size:
            return None
    return None


_AROUND_A_WORD = "(\"“”‘’'[_*"


def _written_only_within(plain: str, ending: str, phrase: str) -> bool:
    """Whether `plain` writes `ending`, the last words of `phrase`, only within it: "language models" of "large
    language models", not "neural networks" of "graph neural networks" in a text on neural networks."""
    low = plain.lower()
    return low.count(ending) == low.count(phrase.lower())
