"""Text analysis for enrichment: sentences, the contribution sentence, method names, keyphrases.

Hand-written on purpose: abstracts follow a narrow, predictable rhetoric ("we propose X, a …"),
and a few compiled regular expressions handle it deterministically, offline and in microseconds,
which keyword libraries built on NLP models (and their downloads) would not.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

MIN_KEYWORDS = 5
MAX_KEYWORDS = 8

_MARKDOWN = re.compile(r"\*\*|(?<![\\\w])\*(?=\S)|(?<=\S)\*(?!\w)|`|~~|\|\|")
_ESCAPE = re.compile(r"\\([*_`~|\\])")
_SENTENCE_END = re.compile(r"(?<=[.!?])[”\"')\]]?\s+(?=[A-Z0-9(“\"\[*])")
_NO_SPLIT_BEFORE = re.compile(r"(?:\b(?:e\.g|i\.e|et al|vs|cf|Fig|Eq|Sec|resp|approx|etc|Dr|No)\.|\b[A-Z]\.)$")
_CREATE_VERBS = (
    r"propose|introduce|present|develop|design|devise|put forward|formulate|establish|offer|"
    r"construct|curate|release|build|create|contribute|unveil|describe|derive|provide|leverage|advocate"
)
_STUDY_VERBS = (
    r"study|studies|investigate|revisit|analy[sz]e|examine|explore|address|tackle|consider|show|"
    r"demonstrate|prove|characteri[sz]e|identify|focus on|argue|find|challenge|question|"
    r"establish|evaluate|ask|theoretically analy[sz]e|aim to|seek to"
)
_SUBJECT = r"(?:\bwe\b|\bthis (?:paper|work|study|article|note)\b|\bour (?:paper|work|study)\b|\bhere,? we\b)"
_INTRO = re.compile(
    _SUBJECT + r"(?:\s+(?:also|further|first|then|therefore|thus|hence|instead|newly|additionally|"
    r"furthermore|finally|here|now|formally|jointly))*\s+(?P<verb>" + _CREATE_VERBS + r")(?:e?s|d|ed)?\b[,:]?\s*",
    re.IGNORECASE,
)
_STUDY = re.compile(
    _SUBJECT + r"(?:\s+(?:also|further|first|then|systematically|formally|carefully|empirically|"
    r"theoretically|rigorously))*\s+(?P<verb>" + _STUDY_VERBS + r")(?:e?s|d|ed)?\b[,:]?\s*",
    re.IGNORECASE,
)
_NAMING = re.compile(r"\b(?:called|named|dubbed|termed|coined|denoted|referred to as)\s+", re.IGNORECASE)
_GERUNDS = {
    "study": "Studying", "studies": "Studying", "investigate": "Investigating", "revisit": "Revisiting",
    "analyze": "Analyzing", "analyse": "Analysing", "examine": "Examining", "explore": "Exploring",
    "address": "Addressing", "tackle": "Tackling", "consider": "Considering", "show": "Showing",
    "demonstrate": "Demonstrating", "prove": "Proving", "characterize": "Characterizing",
    "characterise": "Characterising", "identify": "Identifying", "focus on": "Focusing on",
    "argue": "Arguing", "find": "Finding", "challenge": "Challenging", "question": "Questioning",
    "establish": "Establishing", "evaluate": "Evaluating", "ask": "Asking",
}
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’.\-]*[A-Za-z0-9]|[A-Za-z0-9]")
_NAME_TOKEN = re.compile(r"(?<![\w-])[A-Za-z0-9][A-Za-z0-9]*(?:[-.+][A-Za-z0-9]+)*\+*(?![\w-])")
_DEFINED_ACRONYM = re.compile(r"\(\s*([A-Za-z][A-Za-z0-9\-+]*[A-Z][A-Za-z0-9\-+]*s?)\s*\)")
_EMPHASIS = re.compile(r"\*\*([^*]+)\*\*|(?<![\\*])\*([^*\s][^*]*?)\*(?!\*)")
_QUOTED = re.compile(r"[“\"]([A-Z][^”\"]{2,60})[”\"]")
_CLAUSE_BREAKS = re.compile(
    r",\s+(?:which|where|while|whereas|thereby|and|but|allowing|enabling|achieving|"
    r"making|leading|resulting|drawing|using|leveraging|based)\b|"
    r"\s+(?:that|which|where|whose|to|by|via|through|using|with|for|in|on|across|under|from)\s+|[,;:–—]\s+"
)
_TRAILING_WEAK = re.compile(
    r"(?:\s+(?:a|an|the|of|to|and|or|for|with|by|via|in|on|at|from|that|which|as|its|their|our|is|are|"
    r"be|this|these|both|while|when|into|under|over|between|among|than|such))+$|[\s,;:–—(\-]+$",
    re.IGNORECASE,
)
_LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)



def wordset(words: str) -> frozenset[str]:
    """The whitespace-separated words of `words` as a set."""
    return frozenset(words.split())


COMMON_ACRONYMS = wordset(
    """AI ML DL NLP CV RL LLM VLM MLLM LVLM LM MLM SLM GPU CPU TPU KV QA VQA SOTA API CNN RNN GNN MLP
    LSTM GAN VAE BERT GPT SGD ADAM IID OOD PCA SVD SVM KL MSE ELBO MCMC MDP POMDP RLHF DPO PPO ODE PDE
    SDE NN DNN ViT CLIP ASR TTS OCR IoT UAV USA EU MRI CT ECG EEG FL DP NP RKHS BO GP LP MILP ILP SAT
    ReLU NTK AUC ROC FID IS BLEU ROUGE PAC VC ERM SOC RAG CoT ICL MoE LoRA PEFT SFT US UK GPUs LLMs
    VLMs MLLMs LVLMs LMs DNNs GNNs CNNs"""
)
STOPWORDS = wordset(
    """a about above across after again against all almost along already also although always among an
    and another any are around as at be because been before being below between both but by can could
    did do does doing done down due during each either else enough especially even ever every few for
    from further had has have having here hence how however i if in into is it its itself just less
    like made make makes many may might more moreover most much must namely neither no nor not now of
    off often on once one only onto or other others otherwise our ours out over own per rather same
    several shall should since so some such than that the their them themselves then there thereby
    therefore these they this those though through thus to together too toward towards under unlike
    until up upon us use used uses using via was we well were what when where whereas whether which
    while who whom whose why will with within without would yet you your i.e e.g et al i.e. e.g. etc
    vs two three four five first second third new novel propose proposed proposes present presents
    introduce introduces introduced paper work works study studies show shows shown demonstrate
    demonstrates demonstrated approach approaches method methods methodology result results achieve
    achieves achieved provide provides based existing extensive experiments experimental experiment
    significantly significant state-of-the-art sota performance improve improves improved improvement
    improvements outperform outperforms outperforming effective effectively efficient efficiently
    various different recent recently key important challenge challenges challenging problem problems
    task tasks framework frameworks model models modeling data dataset datasets benchmark benchmarks
    technique techniques strategy strategies prior previous previously current currently crucial
    critical able across able addition additionally allow allows enabling enable enables evaluate
    evaluation evaluations analysis analyses furthermore however insight insights issue issues lack
    leads leading learn learning level levels limited major notably novel number numerous obtain obtains
    offer offers particular particularly potential practical real remains remain requires require
    respectively shown simple specifically substantially terms theoretical theoretically toward
    understanding whole wide widely yield yields find finds found often way ways aim aims goal better
    best high higher large larger low lower small smaller strong stronger include includes including
    consider considers called termed named dubbed given across against empirical empirically extensive
    extensively comprehensive broad point points generally general key us set sets one's order"""
)
# Words too generic to be a keyword on their own (still fine inside a phrase: "language models").
GENERIC = STOPWORDS | wordset(
    """setting settings system systems training trained train performance accuracy process processes
    information approach application applications scenario scenarios case cases domain domains
    space spaces time times function functions value values network networks algorithm algorithms
    tool tools term test tests type types form forms range kind kinds error errors quality cost
    costs scale able making make making rate rates baseline baselines state art"""
)


def strip_markdown(text: str) -> str:
    """Plain text from display text: emphasis markers and escapes removed."""
    return _ESCAPE.sub(r"\1", _MARKDOWN.sub("", text))


def sentences(text: str) -> list[str]:
    """Split prose into sentences, not breaking after "e.g.", "et al." and initials."""
    parts: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        candidate = text[start:match.start()].strip()
        if _NO_SPLIT_BEFORE.search(candidate):
            continue
        parts.append(candidate)
        start = match.end()
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return [p for p in parts if p]


def clause_cut(text: str, limit: int) -> str:
    """Shorten `text` to at most `limit` characters at a clause (or at least a word) boundary."""
    text = _TRAILING_WEAK.sub("", text.strip().rstrip(".")).strip()
    if len(text) <= limit:
        return text
    best = 0
    for match in _CLAUSE_BREAKS.finditer(text):
        if match.start() > limit:
            break
        if match.start() >= 30:
            best = match.start()
    if best:
        cut = _TRAILING_WEAK.sub("", text[:best]).strip()
        if len(cut) >= 30:
            return cut
    words = text[: limit - 1].rsplit(" ", 1)[0] if " " in text[: limit - 1] else text[: limit - 1]
    return _TRAILING_WEAK.sub("", words).strip() + "…"


def is_name_like(token: str, *, emphasised: bool = False) -> bool:
    """A token that looks like a coined name: ManyHarm, DSDA, Proxy-FDA, RE-IMAGINE (not LLMs, not Data)."""
    core = token.rstrip("+")
    if len(core) < 2 or not any(ch.isalpha() for ch in core) or core.isdigit():
        return False
    if core in COMMON_ACRONYMS or (core.endswith("s") and core[:-1] in COMMON_ACRONYMS):
        return False
    parts = re.split(r"[-.+]", core)
    if any(sum(ch.isupper() for ch in part) >= 2 and any(ch.isalpha() for ch in part[1:]) for part in parts):
        return True
    return emphasised and core[0].isupper()


def _object_of(sentence: str, match: re.Match[str]) -> str:
    return sentence[match.end():].strip()


def intro_sentences(sentence_list: Sequence[str]) -> list[int]:
    """Indexes of sentences that introduce a contribution ("we propose …", "this paper introduces …")."""
    return [i for i, s in enumerate(sentence_list) if _INTRO.search(s) or _NAMING.search(s)]


def names_for(plain: str, marked: str) -> tuple[str, ...]:
    """Method names / acronyms the abstract introduces, in order of first appearance."""
    sentence_list = sentences(plain)
    intro = intro_sentences(sentence_list)
    first_intro = intro[0] if intro else len(sentence_list)
    found: list[str] = []
    for index in intro:
        sentence = sentence_list[index]
        match = _INTRO.search(sentence) or _NAMING.search(sentence)
        assert match is not None
        region = _head_region(_object_of(sentence, match))
        found += [t for t in _NAME_TOKEN.findall(region) if is_name_like(t)]
        found += [q.strip() for q in _QUOTED.findall(sentence) if len(q.split()) <= 6]
    for index, sentence in enumerate(sentence_list):
        if index >= first_intro:
            found += [a.rstrip("s") if a[:-1].isupper() else a for a in _DEFINED_ACRONYM.findall(sentence)
                      if is_name_like(a)]
    for bold, italic in _EMPHASIS.findall(marked):
        for token in _NAME_TOKEN.findall(bold or italic):
            if is_name_like(token, emphasised=True) and len((bold or italic).split()) <= 4:
                found.append(token)
    return _in_text_order(found, plain)


def _head_region(obj: str) -> str:
    """The part of a contribution's object that can hold its name: up to the first clause break."""
    cut = re.search(r"\s(?:that|which|to|by|for|where|whose)\s|[;.]", obj)
    head = obj[: cut.start()] if cut else obj
    return " ".join(head.split()[:14])


def _in_text_order(names: list[str], text: str) -> tuple[str, ...]:
    unique = list(dict.fromkeys(n for n in names if n))
    unique.sort(key=lambda n: (text.find(n) if n in text else len(text)))
    return tuple(unique[:12])


def contribution_sentence(sentence_list: Sequence[str], names: Sequence[str]
                          ) -> tuple[str | None, str] | None:
    """(name or None, description) of the abstract's main contribution, or None when none is stated."""
    for sentence in sentence_list:
        match = _INTRO.search(sentence)
        if match:
            return _describe(_object_of(sentence, match), names)
    for sentence in sentence_list:
        match = _NAMING.search(sentence)
        if match:
            name = _first_name_in(sentence[match.end():], names)
            if name:
                return name, _LEADING_ARTICLE.sub("", sentence[: match.start()]).strip(" ,")
    for sentence in sentence_list:
        match = _STUDY.search(sentence)
        if match:
            verb = match.group("verb").lower()
            gerund = _GERUNDS.get(verb, "")
            obj = _object_of(sentence, match)
            if verb in {"show", "demonstrate", "prove", "find", "argue"} or not gerund:
                return None, obj.removeprefix("that ").strip()
            return None, f"{gerund} {obj}"
    return None


def _first_name_in(text: str, names: Sequence[str]) -> str | None:
    head = " ".join(text.split()[:14])
    positions = [(head.find(n), n) for n in names if n in head]
    return min(positions)[1] if positions else None


def _describe(obj: str, names: Sequence[str]) -> tuple[str | None, str]:
    """Split a contribution's object ("ShadowKV, a high-throughput … system that …") into name and description."""
    obj = obj.strip().rstrip(".")
    name = _first_name_in(_head_region(obj) + " ", names)
    if not name:
        return None, obj
    before, _, after = obj.partition(name)
    before = re.sub(r"[\s(\[“\"*]+$", "", before)
    after = re.sub(r"^[\s)\]”\"*]+", "", after)
    before = _NAMING.sub("", _LEADING_ARTICLE.sub("", before.strip())).strip(" ,:")
    if before and len(before.split()) >= 2:
        description = f"{before} {after}" if after and not after.startswith((",", ":")) else before
        return name, _LEADING_ARTICLE.sub("", description.strip(" ,:")).strip()
    after = re.sub(r"^[,:–—]\s*", "", after).strip()
    after = re.sub(r"^which\s+", "", after)
    return name, _LEADING_ARTICLE.sub("", after).strip()


def keywords_for(plain: str, names: Sequence[str]) -> tuple[str, ...]:
    """5–8 keyphrases: repeated, specific multi-word phrases first, then frequent specific words."""
    phrases, word_counts = _candidates(plain)
    name_keys = {n.lower() for n in names}
    acronym_expansions = _expansions(plain)
    scores: dict[str, float] = {}
    for phrase, count in phrases.items():
        words = phrase.split()
        if phrase.lower() in name_keys or all(w.lower() in GENERIC for w in words):
            continue
        score = count * (1.0 + 0.6 * (len(words) - 1)) + 0.15 * sum(word_counts[w.lower()] for w in words)
        if phrase.lower() in acronym_expansions:
            score += 2.0
        scores[phrase] = score
    ranked = sorted(scores, key=lambda p: (-scores[p], p))
    chosen: list[str] = []
    for phrase in ranked:
        if len(chosen) == MAX_KEYWORDS:
            break
        if _overlaps(phrase, chosen):
            continue
        chosen.append(phrase)
    if len(chosen) < MIN_KEYWORDS:
        for word, _count in word_counts.most_common():
            if len(chosen) >= MIN_KEYWORDS:
                break
            if word not in GENERIC and len(word) > 2 and not _overlaps(word, chosen):
                chosen.append(word)
    return tuple(chosen)


def _overlaps(phrase: str, chosen: Sequence[str]) -> bool:
    low = phrase.lower()
    return any(low in c.lower() or c.lower() in low for c in chosen)


def _candidates(plain: str) -> tuple[Counter[str], Counter[str]]:
    """RAKE-style candidate phrases (runs of content words between stopwords/punctuation) and word counts."""
    phrases: Counter[str] = Counter()
    word_counts: Counter[str] = Counter()
    for chunk in re.split(r"[,.;:!?()\[\]{}“”\"'/|=<>]+|\s[–—-]\s", plain):
        run: list[str] = []
        for token in _TOKEN.findall(chunk):
            word = _keyword_form(token)
            low = word.lower()
            if low in STOPWORDS or not any(ch.isalpha() for ch in word) or len(word) < 2:
                _count_run(run, phrases)
                run = []
                continue
            word_counts[low] += 1
            run.append(word)
        _count_run(run, phrases)
    return phrases, word_counts


def _keyword_form(token: str) -> str:
    token = token.strip(".'’-")
    return token if sum(ch.isupper() for ch in token) >= 2 else token.lower()


def _count_run(run: list[str], phrases: Counter[str]) -> None:
    if not run:
        return
    if len(run) <= 4:
        phrases[" ".join(run)] += 1
    if len(run) >= 2:
        for size in (2, 3):
            for start in range(len(run) - size + 1):
                if size != len(run):
                    phrases[" ".join(run[start:start + size])] += 0.5  # type: ignore[assignment]


def _expansions(plain: str) -> set[str]:
    """Lower-cased phrases defined by an acronym: "Medical Visual Question Answering (MVQA)"."""
    found = set()
    for match in re.finditer(r"((?:[A-Za-z][\w-]*\s+){1,6})\(([A-Z][A-Za-z]*[A-Z]s?)\)", plain):
        words = match.group(1).split()
        letters = len(match.group(2).rstrip("s"))
        found.add(" ".join(w.lower() for w in words[-letters:]))
    return found
