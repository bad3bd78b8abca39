"""Enrichment's quick tests skip only what the slower readings they guard would reject (review 18, a speed change).

Each new reading of this session's headlines and keyphrases is now guarded by a cheaper test, or reads less of the
abstract: the passive "… is introduced as …" only before the first "we propose" (names_for), the authors' surnames
cited only where the abstract writes a year or "et al." (_Picks), the initials an acronym spells only from a word
opening with its first letter (_spelled_out_start), "strongly convex" joined only where "convex", "concave" or
"monotone" is written (keywords_for). Each property compares the quick form with the full one: should the full one
learn a new case, the quick test must learn it too.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from storage import _corpus_text as text

_PASSIVE_OR_NOT = st.sampled_from([
    "The Local Learning Coefficient (LLC) is introduced as a measure.", "A new method is proposed for this.",
    "We propose LLC.", "Several estimators are presented here.", "Deep networks are widely used.",
    "In this paper, a novel sampler is developed.", "Prior work proposed MCMC.", "It is introduced.",
])


@given(st.lists(_PASSIVE_OR_NOT, max_size=6), st.data())
def test_the_contribution_opens_where_reading_every_sentence_for_the_passive_says(
        sentence_list: list[str], data: st.DataObject) -> None:
    intro = sorted(data.draw(st.sets(st.integers(0, max(0, len(sentence_list) - 1)))) if sentence_list else [])
    every_sentence_read = min(intro[:1] + text._passive_intros(sentence_list), default=len(sentence_list))
    assert text._first_intro(sentence_list, intro) == every_sentence_read


def test_a_passive_introduction_before_we_propose_still_opens_the_contribution() -> None:
    """"The Local Learning Coefficient (LLC) is introduced …. We propose …": the LLC is the abstract's own name."""
    plain = ("The Local Learning Coefficient (LLC) is introduced as a measure of model complexity. We propose an "
             "estimator of it based on SGLD.")
    assert "LLC" in text.names_for(plain, plain)


def _spelled_out_start_reading_every_word(words: list[str], acronym: str) -> int | None:
    """_spelled_out_start as it was before its quick test: the initials read from every word on."""
    letters = "".join(ch for ch in text._singular(acronym) if ch.isupper()).lower()
    if len(letters) < 2:
        return None
    for start in range(len(words) - 1, max(-1, len(words) - 9), -1):
        initials = "".join(part[0] for part in text._SPACES_OR_HYPHENS.split(" ".join(words[start:])) if part).lower()
        if initials[:1] == letters[0] and text._holds_in_order(initials, letters):
            return start
    return None


_SPELLING_WORDS = st.one_of(
    st.sampled_from(["distributionally", "robust", "optimization", "Gamma-Poisson", "leave-one-out",
                     "cross-validation", "based", "on", "the", "-", "--", "-robust", "İnverse", "Σigma", "of"]),
    st.text("abdgoprsDGOPRSİΣς- \t", min_size=1, max_size=7))
_ACRONYMS = st.one_of(st.sampled_from(["DRO", "GaP", "LOO", "CV", "RO", "ΣR", "IR", "DROs", "X"]),
                      st.text("ABDGOPRSİΣabs", min_size=1, max_size=5))


@settings(max_examples=1000)
@given(st.lists(_SPELLING_WORDS, max_size=10), _ACRONYMS)
def test_the_spelled_out_start_is_where_reading_the_initials_from_every_word_finds_it(
        words: list[str], acronym: str) -> None:
    assert text._spelled_out_start(words, acronym) == _spelled_out_start_reading_every_word(words, acronym)


def test_an_acronym_of_words_the_text_builds_on_is_still_no_name_of_its_own() -> None:
    """"an approach based on distributionally robust optimization (DRO)": DRO is what the paper builds on."""
    words = ["an", "approach", "based", "on", "distributionally", "robust", "optimization"]
    assert text._spelled_out_start(words, "DRO") == 4
    assert text._names_an_old_one([*words, "("], "(", "DRO")


_CITING_PIECES = st.sampled_from([
    "Landrieu", "Obozinski", "Ge", "Chi", "Lange", " ", "  ", "\n", " and ", " & ", "et", "al", " et al.", " et\tal",
    "etal", "(", ")", ",", ";", "2017", "1998", "2x", "19", "20", "ICML", " 2018", "(Rolfe 2016)", "we study ", "Rolfe",
])


@example("Chi and Lange et\tal. show", "Chi")
@given(st.lists(_CITING_PIECES, max_size=12).map("".join), st.sampled_from(["Landrieu", "Ge", "Chi", "Lange", "Rolfe"]))
def test_a_surname_is_cited_only_in_an_abstract_the_quick_test_lets_through(plain: str, surname: str) -> None:
    if text._cited(surname, plain):
        assert text._may_cite(plain)


def test_cited_authors_are_still_no_keyphrases() -> None:
    """"introduced by Landrieu and Obozinski (2017)", "Ge et al. …": the surnames are who is cited, not the topic."""
    plain = ("Cut pursuit was introduced by Landrieu and Obozinski (2017) for graph-structured signals. Landrieu "
             "studied cut pursuit on point clouds. Ge et al. analysed Ge splitting, and Ge splitting is fast. "
             "We extend cut pursuit to Landrieu graphs with Landrieu weights.")
    keyphrases = text.keywords_for(plain, ())
    assert "cut pursuit" in keyphrases
    assert not {"Landrieu", "Ge"} & set(keyphrases)


@given(st.lists(st.sampled_from(["Mean", "Field", "mean", "MDP", "", "Δ", "δ", "x"]), min_size=1, max_size=7))
def test_a_run_of_capitalised_words_is_a_name_whole_whatever_its_first_word_tells(run: list[str]) -> None:
    """_head_words asks the run's first word before the others: a run of words each with a capital still reads
    whole, and no other run does."""
    whole = len(run) < 6 and all(word[:1].isupper() for word in run)
    assert (text._head_words(run, " ".join(run)) == " ".join(run)) or not whole
    assert not whole or run[0][:1].isupper()


def test_a_capitalised_name_of_four_words_stays_a_keyphrase_whole() -> None:
    plain = ("We present Mean Field Reinforcement Learning for large games. Mean Field Reinforcement Learning "
             "scales to many agents.")
    assert "Mean Field Reinforcement Learning" in text.keywords_for(plain, ())
