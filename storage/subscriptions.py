"""Daily-post subscriptions, their delivery history, and the time-zone math that says when a post is due.

A delivery row is claimed (status 'pending') once a subscription's local post time has passed on its
local day; the primary key (subscription, local day) is what makes "exactly once per local day"
hold across ticks, restarts and repeated wall-clock hours. `attempts > 0` on a pending row means a
send may already have reached Discord, so whoever retries it must look for the card first.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
import unicodedata
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import aiosqlite

log = logging.getLogger(__name__)

DEFAULT_POST_TIME = time(9, 0)
# How long after a post time a claim counts as final (a subscribe that read the clock just before the
# post time has certainly been written by then).
_SETTLED = timedelta(minutes=2)
DEFAULT_TIMEZONE = "UTC"
# The furthest one zone's local date can be ahead of another's at the same instant (UTC+14 against UTC-12: 26 hours,
# two dates). A delivery dated further ahead of a subscription's local date was claimed by a clock that was wrong
# (set years ahead at a boot, then corrected by NTP): it must not stand for a day already posted, or the channel
# would have no card until that date comes.
FURTHEST_AHEAD = timedelta(days=2)
# Delivery rows older than this many days are pruned (each subscription's latest one is kept): at
# 10,000 subscriptions the history grows ~1.6 MiB a day, and nothing reads a settled row that old.
HISTORY_DAYS = 90

# 'H', 'HH:MM' (also with '.' or 'h' between, or 'HHh'), 'HH:MM:SS', or four digits 'HHMM' (the 24-hour
# clock as timetables and the military write it), each with am/pm if wanted.
_TIME = re.compile(r"^\s*(?:(?P<hour>\d{1,2})(?:[:.h](?P<minute>\d{2})(?::(?P<second>\d{2}))?|h)?"
                   r"|(?P<hhmm_hour>\d{2})(?P<hhmm_minute>\d{2}))\s*(?P<half>[ap]\.?m\.?)?\s*$", re.IGNORECASE)
# Three digits ('930', '130', '200'): which digit is missing cannot be told ('1:30' or '13:00' typed as
# '130'?, '2:00' or '20:00' as '200'?), and a wrong guess posts at that hour every day: refused, with what to type.
_THREE_DIGITS = re.compile(r"^\s*(\d)(\d{2})\s*([ap]\.?m\.?)?\s*$", re.IGNORECASE)
_TIME_WORDS = {"noon": time(12), "midday": time(12), "midnight": time(0)}


_BACKTICKS = re.compile(r"`+")


def code_span(typed: str) -> str:
    """What someone typed as a Markdown code span that shows all of it as typed, its backticks too: fenced by a run
    of backticks longer than any inside it, with a space inside the fence beside a backtick (Discord drops it). A
    single backtick around "9`<t:0:R>" showed the code "9" and then a live timestamp, "55 years ago"."""
    if "`" not in typed:
        return f"`{typed}`"
    fence = "`" * (max(len(run) for run in _BACKTICKS.findall(typed)) + 1)
    before = " " if typed.startswith("`") else ""
    after = " " if typed.endswith("`") else ""
    return f"{fence}{before}{typed}{after}{fence}"


class ScheduleError(ValueError):
    """A post time or time zone people typed that cannot be used; the message says why."""


class SubscriptionLimitError(Exception):
    """The server already has as many subscriptions as it may (more, after the limit was lowered)."""

    def __init__(self, limit: int, count: int) -> None:
        super().__init__(f"this server already has {count} daily-post subscriptions, and it may have at most {limit}")
        self.limit = limit
        self.count = count


# --------------------------------------------------------------------------------------------
# Time-zone math (pure)


def parse_post_time(text: str | None) -> time:
    """Parse 'HH:MM' (24-hour; '9', '9:30', '9.30', '9pm', '21h', '21h30', '0930', '09:30:00', 'noon' and
    'midnight' also work, and full-width digits as a Japanese or Chinese keyboard types them); None means
    the default 09:00."""
    if text is None or not text.strip():
        return DEFAULT_POST_TIME
    typed = text.strip()
    text = unicodedata.normalize("NFKC", text)  # '９：３０' is '9:30'
    if (word := _TIME_WORDS.get(text.strip().casefold())) is not None:
        return word
    match = _TIME.match(text)
    if not match:
        raise ScheduleError(f"{code_span(typed[:40])} is not a time of day: " + _time_advice(text.strip()))
    hour = int(match["hour"] or match["hhmm_hour"])
    minute = int(match["minute"] or match["hhmm_minute"] or 0)
    if match["second"] and int(match["second"]):
        raise ScheduleError(f"{code_span(typed)}: the daily paper is posted on the minute, so no seconds: "
                            f"type `{hour:02d}:{minute:02d}`")
    if match["half"]:
        if not 1 <= hour <= 12:
            raise ScheduleError(f"{code_span(typed)}: with am/pm the hour must be 1 to 12")
        hour = hour % 12 + (12 if match["half"].lower().startswith("p") else 0)
    if hour > 23 or minute > 59:
        raise ScheduleError(f"{code_span(typed)} is not a time of day: hours go 00-23 and minutes 00-59")
    return time(hour, minute)


def _time_advice(typed: str) -> str:
    """What to type instead of a time that could not be read."""
    if three := _THREE_DIGITS.match(typed):
        hour, minute, half = three.groups()
        return (f"three digits could be more than one time; type the hour and minutes apart, "
                f"e.g. `{hour}:{minute}{half or ''}`, or as four digits (`0{hour}{minute}{half or ''}`)")
    return _zone_in_time_advice(typed) or "use 24-hour HH:MM, e.g. 09:00 or 18:30"


def _zone_in_time_advice(typed: str) -> str | None:
    """For a time followed by a time zone ('9:00 CET', '9am Europe/Berlin'), where each goes; else None."""
    for split in (match.start() for match in reversed(list(re.finditer(r"\s+", typed)))):
        when, rest = typed[:split], typed[split:].strip()
        if not (_TIME.match(when) or when.casefold() in _TIME_WORDS):
            continue
        if not _looks_like_a_zone(rest):
            return None
        return f"the time zone goes in the `timezone` option, and only the time here (`{when}`)"
    return None


def _looks_like_a_zone(text: str) -> bool:
    """A zone name, a city that names one, a country, or an abbreviation or UTC offset people write for one
    (a country's clocks do not matter here: any countries table, _countries_or_latest, says what is one)."""
    try:
        resolve_timezone(text)
    except ScheduleError:
        return text.upper() in _ABBREVIATIONS or _OFFSET.match(text) is not None or country_named(text) is not None
    return True


def format_post_time(at: time) -> str:
    """The canonical 'HH:MM' form stored in the database."""
    return f"{at.hour:02d}:{at.minute:02d}"


# Files of the zone folder that name no place: "localtime" is the machine's own setting (a link to
# /etc/localtime: the zone of whichever host runs the bot, UTC on most servers), "Factory" the tz
# database's "no zone set yet" (-00). A member typing "local" for their own time was offered "localtime".
_NOT_PLACES = frozenset(("localtime", "Factory", "posixrules"))


@lru_cache(maxsize=1)
def _zone_names() -> dict[str, str]:
    """Every IANA zone name, keyed by its lower-case form (so 'europe/berlin' is accepted)."""
    names = {name.casefold(): name for name in available_timezones() if name not in _NOT_PLACES}
    names.setdefault("utc", "UTC")
    return names


def zone_names() -> list[str]:
    """All IANA time zone names, sorted (for autocomplete)."""
    return sorted(set(_zone_names().values()))


COMMON_TIMEZONES = (
    "UTC", "Europe/London", "Europe/Berlin", "Europe/Paris", "America/New_York", "America/Chicago",
    "America/Denver", "America/Los_Angeles", "America/Sao_Paulo", "Asia/Kolkata", "Asia/Shanghai",
    "Asia/Tokyo", "Asia/Singapore", "Australia/Sydney", "Pacific/Auckland", "Africa/Johannesburg",
)


def _folded(text: str) -> str:
    """Typed text in the form zone names are compared in: no accents ("São Paulo" is "sao_paulo",
    as in America/Sao_Paulo), each run of spaces one "_", case folded."""
    plain = "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))
    return "_".join(plain.split()).casefold()


def suggest_timezones(partial: str, *, limit: int = 25, countries: CountryTable | None = None) -> list[str]:
    """Zone names for what has been typed: whole-name prefix first, then a city prefix, then anywhere;
    a country's zones from `countries` (`countries_on` the bot's clock; see _countries_or_latest)."""
    typed = _folded(partial)
    if not typed:
        return list(COMMON_TIMEZONES[:limit])
    # An abbreviation typed whole (IST, PST) first offers the zones it stands for, not the names it is
    # part of (IST is in Europe/Istanbul); not two letters (PT, ET), which start "Portugal" and "Etc/".
    meant = _ABBREVIATIONS.get(typed.upper(), ()) if len(typed) > 2 else ()
    ranked: list[tuple[float, str]] = [(-1.0 + n / 100, name) for n, (name, _) in enumerate(meant)]
    # A country's zones (one for each clock it keeps), after the names that start with what was typed.
    ranked += [(0.25 + (0.0 if name in COMMON_TIMEZONES else 0.5) + n / 100, name)
               for name, n in _countries_starting(partial, _countries_or_latest(countries))]
    for name in zone_names():
        folded = name.casefold()
        if folded.startswith(typed):
            rank = 0
        elif any(part.startswith(typed) for part in folded.split("/")[1:]):
            rank = 1
        elif typed in folded:
            rank = 2
        else:
            continue
        ranked.append((rank + (0.0 if name in COMMON_TIMEZONES else 0.5), name))  # common zones first
    return list(dict.fromkeys(name for _, name in sorted(ranked)))[:limit]


@lru_cache(maxsize=1)
def _city_zones() -> dict[str, str]:
    """Zone names by their city, the last part of the name in lower case with "_" for "-" and spaces
    ("new_york", "port_au_prince"), for the cities
    that name one zone, or several that keep the same time (Europe/Istanbul and its alias
    Asia/Istanbul; not Australia/West and Brazil/West). Of such aliases the longest name is taken
    (America/Argentina/Buenos_Aires rather than the older America/Buenos_Aires)."""
    by_city: dict[str, list[str]] = {}
    for name in available_timezones():
        # Etc/ names are offsets, not cities, with POSIX's inverted sign: "GMT+2" as a city would
        # be Etc/GMT+2, two hours *behind* UTC, the opposite of what people mean by it.
        if "/" in name and not name.startswith("Etc/"):
            by_city.setdefault(name.rsplit("/", 1)[1].casefold().replace("-", "_"), []).append(name)
    checks = [datetime(year, month, 15, tzinfo=UTC) for year in range(2020, 2031) for month in range(1, 13)]
    cities = {}
    for city, names in by_city.items():
        if len(names) > 1 and len({tuple(moment.astimezone(zone(name)).utcoffset() for moment in checks)
                                   for name in names}) > 1:
            continue  # two places that keep different times: the city alone does not say which
        cities[city] = max(names, key=lambda name: (len(name), name))
    return cities


# Country names people type for a zone that iso3166.tab writes otherwise, or not at all (its "Britain
# (UK)", "Myanmar (Burma)"), by ISO 3166 code. Bare codes are not taken: "MT" is Malta, and Mountain time.
_COUNTRY_ALIASES = {
    **dict.fromkeys(("uk", "united_kingdom", "great_britain", "england", "scotland", "wales", "northern_ireland"),
                    "GB"),
    **dict.fromkeys(("us", "usa", "united_states_of_america"), "US"),
    "uae": "AE", "burma": "MM", "swaziland": "SZ", "czechia": "CZ", "holland": "NL", "the_netherlands": "NL",
    "vatican": "VA", "ivory_coast": "CI",
}
_MAIN_PLACES = ("most", "mainland")  # in zone.tab's comments: "Eastern (most areas)", "Spain (mainland)"
SHOWN_COUNTRY_ZONES = 5  # zones named when a country has several clocks (the option suggests them all)


@dataclass(frozen=True, slots=True)
class Country:
    """A country of the tz database's tables: its name (iso3166.tab) and one zone for each clock kept
    there, each with the place zone.tab says it is for, the main one first."""

    name: str
    zones: tuple[tuple[str, str], ...]


def _tz_table(name: str) -> list[list[str]]:
    """The rows of one of the tz database's tables (zone.tab, iso3166.tab), as shipped with the `tzdata`
    package, a dependency: the same on every machine, whatever the system's tz files."""
    text = resources.files("tzdata").joinpath("zoneinfo", name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def _country_key(text: str) -> str:
    """How a country name is compared: folded as zone names are, '&' read as 'and', punctuation dropped
    ("Bosnia & Herzegovina" is "bosnia_and_herzegovina", "Côte d'Ivoire" "cote_divoire")."""
    return "_".join(re.findall(r"[0-9a-z]+", re.sub("['’]", "", _folded(text.replace("&", " and ")))))


def _clock(name: str, checks: list[datetime]) -> tuple[timedelta | None, ...]:
    return tuple(moment.astimezone(zone(name)).utcoffset() for moment in checks)


def _main_first(row: tuple[str, str, int]) -> tuple[bool, bool, int]:
    """Sort key of zone.tab's rows (zone, place, line), the main zones first: a common zone, then one
    for "most areas" or a whole region ("Central Mexico", not "Coahuila, … (US border)"), then by line."""
    name, place, line = row
    return name not in COMMON_TIMEZONES, "(" in place and not any(word in place for word in _MAIN_PLACES), line


def _zones_by_country(since: date) -> dict[str, tuple[tuple[str, str], ...]]:
    """zone.tab's zones of each country (by ISO code) grouped by the clock they keep, weekly over the
    three years from `since` (Europe/Busingen keeps Berlin's time: Germany has one clock; Kazakhstan has
    one since March 2024, two before), as one zone of each group (_main_first) with the place it is for,
    the main ones first."""
    checks = [datetime(since.year, since.month, since.day, tzinfo=UTC) + timedelta(weeks=week)
              for week in range(3 * 53)]
    rows: dict[str, list[tuple[str, str, int]]] = {}
    for line, (code, _, name, *comment) in enumerate(_tz_table("zone.tab")):
        rows.setdefault(code, []).append((name, comment[0] if comment else "", line))
    zones = {}
    for code, rows_of in rows.items():
        clocks: dict[tuple[timedelta | None, ...], list[tuple[str, str, int]]] = {}
        for row in rows_of:
            try:
                clocks.setdefault(_clock(row[0], checks), []).append(row)
            except ScheduleError:  # a zone this machine cannot load: not offered
                continue
        mains = sorted((min(group, key=_main_first) for group in clocks.values()), key=_main_first)
        zones[code] = tuple((name, place) for name, place, _ in mains)
    return zones


def _country_keys(name: str) -> set[str]:
    """What people type for iso3166.tab's `name`: itself, the part before brackets, and the bracket first
    ("Korea (South)": korea_south, korea, south_korea), "saint" for "St"."""
    base, _, inner = name.partition("(")
    keys = {_country_key(name), _country_key(base)}
    if inner:
        keys.add(_country_key(f"{inner.rstrip(')')} {base}"))
    return keys | {"saint" + key[2:] for key in keys if key.startswith("st_")}


# Countries by the names people type for them, with the clocks each keeps from a month's first day on.
CountryTable = dict[str, Country]
_COUNTRY_TABLES: dict[date, CountryTable] = {}  # by that first day; the latest few kept
_COUNTRY_TABLES_KEPT = 12
# Held while a table is looked up or built: the first keystrokes of a new month (several members, each keystroke
# its own autocomplete) each started a build in a worker thread, five keystrokes five builds at once; the others now
# wait for the first and take its table. Also keeps the dict whole while a worker thread adds and drops tables.
_COUNTRY_TABLES_LOCK = threading.Lock()


def _month_of(now: datetime) -> date:
    return now.astimezone(UTC).date().replace(day=1)


def countries_since(since: date) -> CountryTable:
    """The countries table whose clocks are those kept from `since` on (_countries), built once (0.04 to
    0.05 s of CPU on an idle machine, 0.45 s of wall time on a busy one: every zone's offset weekly over
    three years), then kept; built once however many threads ask for it at once."""
    with _COUNTRY_TABLES_LOCK:
        table = _COUNTRY_TABLES.get(since)
        if table is None:
            table = _COUNTRY_TABLES[since] = _countries(since)
            for older in sorted(_COUNTRY_TABLES)[:-_COUNTRY_TABLES_KEPT]:
                _COUNTRY_TABLES.pop(older, None)
    return table


async def countries_on(now: datetime) -> CountryTable:
    """The countries table for the month of `now` (the bot's clock, PaperBot.now(): a country whose clocks
    were merged or split is read by the day the bot lives in), built in a worker thread the first time so
    that no keystroke holds the event loop for it."""
    since = _month_of(now)
    table = _COUNTRY_TABLES.get(since)
    return table if table is not None else await asyncio.to_thread(countries_since, since)


def _countries_or_latest(countries: CountryTable | None) -> CountryTable:
    """`countries`, else the latest month's table built, else one built now for the system's clock (the
    command line and the pure functions' callers that have no bot clock)."""
    if countries is not None:
        return countries
    if _COUNTRY_TABLES:
        return _COUNTRY_TABLES[max(_COUNTRY_TABLES)]
    return countries_since(_month_of(datetime.now(UTC)))


def _countries(since: date) -> CountryTable:
    """Countries by the names people type for them ("germany", "south_korea", "uk"): iso3166.tab's
    names (_country_keys; a key two countries share, such as "korea", names neither) and _COUNTRY_ALIASES;
    each with the zones whose clocks differ from `since` on."""
    zones = _zones_by_country(since)
    countries = {code: Country(name=name, zones=zones[code])
                 for code, name in (row[:2] for row in _tz_table("iso3166.tab")) if zones.get(code)}
    by_key: dict[str, set[str]] = {}
    for code, country in countries.items():
        for key in _country_keys(country.name):
            by_key.setdefault(key, set()).add(code)
    named = {key: countries[codes.pop()] for key, codes in by_key.items() if len(codes) == 1}
    return named | {key: countries[code] for key, code in _COUNTRY_ALIASES.items() if code in countries}


def _countries_starting(partial: str, table: CountryTable) -> list[tuple[str, int]]:
    """The zones of the countries whose name is `partial` ("uk") or starts with it (from 3 letters: "in"
    would be India and Indonesia, and every zone with "in" in its name), each with its place in its
    country's list."""
    typed = _country_key(partial)
    countries = {id(country): country for key, country in table.items()
                 if key == typed or (len(typed) >= 3 and key.startswith(typed))}
    return [(name, n) for country in countries.values() for n, (name, _) in enumerate(country.zones)]


def country_named(text: str, countries: CountryTable | None = None) -> Country | None:
    """The country `text` names ("Germany", "united states", "UK"), or None (see _countries_or_latest)."""
    return _countries_or_latest(countries).get(_country_key(text))


def _country_zone(text: str, countries: CountryTable | None) -> str | None:
    """The zone of a country with one clock; for a country with several, a ScheduleError naming a few of
    them to type; None for anything that is not a country's name."""
    country = country_named(text, countries)
    if country is None or not country.zones:
        return None
    if len(country.zones) == 1:
        return country.zones[0][0]
    shown = [f"`{name}` ({place})" if place else f"`{name}`" for name, place in country.zones[:SHOWN_COUNTRY_ZONES]]
    listed = ", ".join(shown[:-1]) + " or " + shown[-1]
    more = len(country.zones) - SHOWN_COUNTRY_ZONES
    raise ScheduleError(
        f"{code_span(text.strip()[:60])} has several time zones: type yours, such as {listed}"
        + (f" ({more} more: the option suggests them as you type its name)" if more > 0 else "")
        + "; your city works too")


def country_hint(typed: str | None, countries: CountryTable | None = None) -> str | None:
    """For a country typed as the time zone and taken as its one zone, which zone that is; None when
    `typed` was a zone's or a city's name."""
    if not typed or not typed.strip():
        return None
    cleaned = _folded(typed)
    if cleaned in _zone_names() or cleaned.replace("-", "_") in _city_zones():
        return None
    country = country_named(typed, countries)
    if country is None or len(country.zones) != 1:
        return None
    return f"{country.name} is taken as `{country.zones[0][0]}`, its time zone"


# Zone names that keep one offset all year, which people type for a place that changes its clocks:
# "EST" is UTC-05:00 in July too, when New York is at UTC-04:00, so its posts would come an hour
# late all summer. Valid zones (Panama keeps EST, Arizona MST), so they are taken, with a hint.
_ALL_YEAR_LOOKALIKES = {"EST": "America/New_York", "MST": "America/Denver", "GMT": "Europe/London"}


def summer_time_hint(tz_name: str) -> str | None:
    """For a zone that keeps one offset all year but is usually meant for a place with summer time
    (EST, MST, GMT), a sentence naming that place's zone; None for every other zone."""
    place = _ALL_YEAR_LOOKALIKES.get(tz_name)
    if place is None:
        return None
    city = place.rsplit("/", 1)[1].replace("_", " ")
    return (f"{tz_name} keeps the same time all year, without summer time: for {city}'s clock, which "
            f"changes in summer, use `{place}`")


def resolve_timezone(text: str | None, countries: CountryTable | None = None) -> str:
    """Return the canonical IANA name for `text` (case-insensitive), for a city that names one zone
    ("berlin", "new york"), or for a country that keeps one clock in `countries` ("germany"; one with
    several is refused with a few of its zones; see _countries_or_latest); None means UTC."""
    if text is None or not text.strip():
        return DEFAULT_TIMEZONE
    cleaned = _folded(text)
    name = _zone_names().get(cleaned) or _city_zones().get(cleaned.replace("-", "_")) or _country_zone(text, countries)
    if name is None:
        typed = text.strip()[:60]
        raise ScheduleError(f"{code_span(typed)} is not a time zone I know: " + (
            _abbreviation_advice(typed) or _offset_advice(typed)
            or "use an IANA name such as Europe/Berlin, America/New_York or UTC, or a city such as Tokyo "
               "(the option suggests them as you type)"))
    return name


# Abbreviations people write for a zone that the tz database does not have as a name (EST, MST, CET
# and a few more it has are taken as zones, above): the zones each stands for, with the place, so a
# refusal can say what to type. Where one abbreviation means places with different clocks (IST:
# India, Ireland, Israel), all of them are named. Not WEST: typed in lower case it is a word first.
_ABBREVIATIONS: dict[str, tuple[tuple[str, str], ...]] = {
    **dict.fromkeys(("PST", "PDT", "PT"), (("America/Los_Angeles", "Pacific time"),)),
    **dict.fromkeys(("MDT", "MT"), (("America/Denver", "Mountain time"),)),
    "CST": (("America/Chicago", "US Central time"), ("Asia/Shanghai", "China")),
    **dict.fromkeys(("CDT", "CT"), (("America/Chicago", "US Central time"),)),
    **dict.fromkeys(("EDT", "ET"), (("America/New_York", "US Eastern time"),)),
    **dict.fromkeys(("AKST", "AKDT"), (("America/Anchorage", "Alaska"),)),
    "AST": (("America/Halifax", "Atlantic time"), ("Asia/Riyadh", "Arabia")),
    "ADT": (("America/Halifax", "Atlantic time"),),
    **dict.fromkeys(("NST", "NDT"), (("America/St_Johns", "Newfoundland"),)),
    "BST": (("Europe/London", "British summer time"), ("Asia/Dhaka", "Bangladesh")),
    "IST": (("Asia/Kolkata", "India"), ("Europe/Dublin", "Ireland"), ("Asia/Jerusalem", "Israel")),
    "CEST": (("Europe/Berlin", "Central Europe"),),
    "EEST": (("Europe/Athens", "Eastern Europe"),),
    "MSK": (("Europe/Moscow", "Moscow"),),
    "BRT": (("America/Sao_Paulo", "Brasília time"),),
    "ART": (("America/Argentina/Buenos_Aires", "Argentina"),),
    "GST": (("Asia/Dubai", "Gulf"),),
    "PKT": (("Asia/Karachi", "Pakistan"),),
    "ICT": (("Asia/Bangkok", "Indochina"),),
    "WIB": (("Asia/Jakarta", "Western Indonesia"),),
    "SGT": (("Asia/Singapore", "Singapore"),),
    "HKT": (("Asia/Hong_Kong", "Hong Kong"),),
    "PHT": (("Asia/Manila", "Philippines"),),
    "JST": (("Asia/Tokyo", "Japan"),),
    "KST": (("Asia/Seoul", "Korea"),),
    "AWST": (("Australia/Perth", "Western Australia"),),
    **dict.fromkeys(("ACST", "ACDT"), (("Australia/Adelaide", "Central Australia"),)),
    **dict.fromkeys(("AEST", "AEDT"), (("Australia/Sydney", "Eastern Australia"),)),
    **dict.fromkeys(("NZST", "NZDT"), (("Pacific/Auckland", "New Zealand"),)),
    "WAT": (("Africa/Lagos", "West Africa"),),
    "CAT": (("Africa/Maputo", "Central Africa"),),
    "EAT": (("Africa/Nairobi", "East Africa"),),
    "SAST": (("Africa/Johannesburg", "South Africa"),),
}


def _abbreviation_advice(typed: str) -> str | None:
    """For an abbreviation such as PST or IST, which zone to type instead; None for anything else."""
    zones = _ABBREVIATIONS.get(typed.upper())
    if zones is None:
        return None
    named = [f"`{name}` ({place})" for name, place in zones]
    choice = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]
    return (f"it is an abbreviation; use {choice}, or type your city: a zone follows its place's clock, "
            "summer time included")


# "UTC+2", "GMT-5", "+01:00", "utc +5:30" (and a typographic minus).
_OFFSET = re.compile(r"^(?:utc|gmt)?\s*([+\-\u2212])\s*(\d{1,2})(?:[:.h]?(\d{2}))?$", re.IGNORECASE)


def _offset_advice(typed: str) -> str | None:
    """For a UTC offset, why a place's zone is better and, for a whole hour, the zone that keeps the
    offset all year (the tz database's Etc/GMT names carry the opposite sign: Etc/GMT-2 is UTC+02:00,
    which is why "GMT+2" is not read as one); None for anything else."""
    match = _OFFSET.match(typed)
    if match is None:
        return None
    sign, hours, minutes = match.group(1), int(match.group(2)), int(match.group(3) or 0)
    behind = sign != "+"
    if hours > (12 if behind else 14) or minutes > 59:
        return None
    advice = ("an offset stays the same all year, while most places change their clocks in summer: use "
              "the IANA zone of your place (such as Europe/Berlin) or type your city")
    if minutes:
        return advice  # the tz database has no Etc zone for half and quarter hours
    if hours == 0:
        return advice + "; for UTC itself, `UTC`"
    fixed = f"Etc/GMT{'+' if behind else '-'}{hours}"
    return (f"{advice}; for UTC{'-' if behind else '+'}{hours:02d}:00 all year round, `{fixed}` (the tz "
            "database writes its sign the other way round)")


@lru_cache(maxsize=1024)
def zone(name: str) -> ZoneInfo:
    """The (cached) ZoneInfo for a canonical name."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ScheduleError(f"unknown time zone {name!r}") from error


def _exists(wall: datetime, tz: ZoneInfo) -> bool:
    """Whether a naive wall-clock time occurs at all in `tz` (it does not inside a DST gap)."""
    back = wall.replace(tzinfo=tz).astimezone(UTC).astimezone(tz)
    return back.replace(tzinfo=None) == wall


def post_instant(day: date, at: time, tz: ZoneInfo) -> datetime:
    """The UTC instant of local `day` at `at` in `tz`.

    A wall time that does not exist that day (the clocks jump over it) maps to the first valid
    minute after it; one that occurs twice (the clocks fall back) maps to its first occurrence.
    """
    wall = datetime.combine(day, at)
    step = 0
    while not _exists(wall, tz) and step < 48 * 60:  # gaps are hours long, a whole skipped day at most
        wall = wall.replace(second=0, microsecond=0) + timedelta(minutes=1)
        step += 1
    return wall.replace(tzinfo=tz, fold=0).astimezone(UTC)


def second_reading(day: date, at: time, tz: ZoneInfo) -> datetime | None:
    """The UTC instant at which the clock of `tz` reads `at` on local `day` a second time, the clocks having gone
    back over it; None where it reads it once, or never. A post is due at the first reading (post_instant)."""
    wall = datetime.combine(day, at)
    if not _exists(wall, tz):
        return None
    second = wall.replace(tzinfo=tz, fold=1).astimezone(UTC)
    return second if second != wall.replace(tzinfo=tz, fold=0).astimezone(UTC) else None


def local_day(now: datetime, tz: ZoneInfo) -> date:
    """The calendar date in `tz` at the instant `now`."""
    return now.astimezone(tz).date()


def posts_on(today: date, at: time, tz: ZoneInfo) -> list[tuple[date, datetime]]:
    """The local days whose post (at `at`) falls on the local date `today`, each with its UTC instant.

    Usually only today. Also yesterday when its post time fell into a gap that ran to midnight:
    Nuuk's clocks jump from Saturday 23:00 to Sunday 00:00, so Saturday's 23:30 post is due at
    Sunday 00:00 and must be claimable on Sunday, or it would never be posted. A day that never
    existed (Samoa skipped 30 December 2011) has no post: its "first valid minute after" is the
    next day's midnight, which would double that day's post.
    """
    found = []
    yesterday = today - timedelta(days=1)
    late = post_instant(yesterday, at, tz)
    if local_day(late, tz) == today and local_day(post_instant(yesterday, time(0), tz), tz) == yesterday:
        found.append((yesterday, late))
    due = post_instant(today, at, tz)
    if local_day(due, tz) == today:  # else it falls on tomorrow, which claims it as its yesterday
        found.append((today, due))
    return found


# --------------------------------------------------------------------------------------------
# Rows


def _iso(moment: datetime) -> str:
    """UTC ISO 8601 to the second: comparable as text, which the due queries rely on."""
    if moment.tzinfo is None:
        raise ValueError("naive datetime: the bot's clock must return aware UTC datetimes")
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _latest_day(now: datetime) -> str:
    """The latest local day a zone can have at `now` (its UTC date + FURTHEST_AHEAD), as stored: a delivery dated
    after it was claimed by a clock set ahead, and is no card of the days around now."""
    return (now.astimezone(UTC).date() + FURTHEST_AHEAD).isoformat()


def _claimed_ahead(row: str, *, on_the_eve: bool = False) -> str:
    """SQL: whether delivery `row` (the name the query gives a deliveries row) was claimed by a clock set ahead.

    A day is never claimed after a day more than FURTHEST_AHEAD later than itself (claim_due, keep_today), so a
    delivery of a day between `row` and the latest earlier day its subscription had when `row` was claimed
    (claimed_after, migration 0006) came after it: `row` was claimed by a clock that read a date still to come (a
    year ahead at a boot, until NTP stepped it back), and the days claimed since were the real ones. It stands for
    no day posted: the days before it are claimed.

    A row claimed before migration 0006 (claimed_after NULL) does not say which days it came after, and none of its
    times can tell: its due, claim and send times were all read from the clock that claimed it, a clock set ahead
    wrote them as its day's. But every row claimed since 0006 (claimed_after set) came after it: one of an earlier
    day says the same as a day between (_claimed_before_it).

    Or the clock was right, and the day between was claimed by one set back (a VM restored from a snapshot) into a
    gap before `row` (the bot was off for days): the two cannot be told apart. `on_the_eve` asks for a day between
    within FURTHEST_AHEAD before `row` (claim_due claims one only when `row` was claimed ahead, or by a clock ahead
    of its own, _ahead_of_the_clock): only then is `row` claimed again, taken over by its day's claim while the
    clock reads no later than the one that claimed it (_TAKE_OVER_CLAIMED_AHEAD), and never tried before (the card
    of a day posted on it is never posted twice)."""
    eve = f"AND claimed_later.local_day >= date({row}.local_day, '-{FURTHEST_AHEAD.days} days') " if on_the_eve else ""
    # First what the row says itself: no day between it and the day before it, none claimed later (the rows of a
    # day after a day, all but a few): no index seek, where the pending deliveries are read a page at a time.
    return (f"(({row}.claimed_after IS NULL OR {row}.claimed_after < date({row}.local_day, '-1 day')) "
            f"AND EXISTS (SELECT 1 FROM deliveries AS claimed_later WHERE claimed_later.subscription_id = "
            f"{row}.subscription_id AND claimed_later.local_day < {row}.local_day "
            f"AND {_claimed_before_it(row)} {eve}))")


def _claimed_before_it(row: str) -> str:
    """SQL: whether `claimed_later` (an earlier day of `row`'s subscription) was claimed after `row`: a day between
    `row` and its claimed_after; or, for a `row` claimed before migration 0006, any day claimed since (the
    migration ran between the two claims)."""
    return (f"(claimed_later.local_day > {row}.claimed_after "
            f"OR ({row}.claimed_after IS NULL AND claimed_later.claimed_after IS NOT NULL))")


def _ahead_of_the_clock(row: str) -> str:
    """SQL, with one parameter (now): whether delivery `row`, claimed after a gap (no delivery of the day before it),
    has a post time still to come by `now`: a clock ahead of this one claimed it (right clocks only go forward, and
    a claim comes after its post time; a move west leaves a day whose post time has passed).

    What tells a clock a few days ahead (FURTHEST_AHEAD + 1 at most) while no day between is claimed: the days in
    front of `row` within FURTHEST_AHEAD are claimed again (claim_due), and then `row` is _claimed_ahead, taken over
    on its day. A clock one day ahead leaves no gap: the card it posted a day early stands for its day (a clock set
    back minutes on that day, after its card, looks the same)."""
    return (f"({row}.due_at > ? AND NOT EXISTS (SELECT 1 FROM deliveries AS day_before WHERE "
            f"day_before.subscription_id = {row}.subscription_id "
            f"AND day_before.local_day = date({row}.local_day, '-1 day')))")


def _no_day_posted(row: str) -> str:
    """SQL, with one parameter (now): whether delivery `row` stands for no day posted, as the bot's clock reads now:
    claimed by a clock set ahead (_claimed_ahead), or by one ahead of this one (_ahead_of_the_clock). What the
    "next post", "late" and "not posted" displays leave out, as claim_due does."""
    return f"({_claimed_ahead(row)} OR {_ahead_of_the_clock(row)})"


# What a claim records as `claimed_after` (SQL, over the `subscriptions` row claimed and the day as parameter ?).
_CLAIMED_AFTER = ("(SELECT coalesce(max(earlier.local_day), '') FROM deliveries AS earlier "
                  "WHERE earlier.subscription_id = subscriptions.id AND earlier.local_day < ?)")

# A claim of a day whose row a clock set ahead claimed (_claimed_ahead, on its eve) takes that row over: a new
# claim, with nothing of the card the wrong clock tried (or posted a year early). Only while the clock claiming it now
# reads no later than the one that claimed it did: a row claimed on its day, then seen by a clock set back (which may
# claim the days before it, see _ahead_of_the_clock) and corrected, was claimed before now, and is never posted again.
# (A bot down on the day itself until past the time the wrong clock read leaves that day the card posted early.)
_TAKE_OVER_CLAIMED_AHEAD = (
    "ON CONFLICT (subscription_id, local_day) DO UPDATE SET status = 'pending', paper_id = NULL, topic = NULL, "
    "attempts = 0, due_at = excluded.due_at, next_attempt_at = excluded.next_attempt_at, "
    "claimed_at = excluded.claimed_at, sent_at = NULL, message_id = NULL, error = NULL, unpublished = 0, "
    f"claimed_after = excluded.claimed_after WHERE {_claimed_ahead('deliveries', on_the_eve=True)} "
    "AND deliveries.claimed_at >= excluded.claimed_at"
)


def _from_iso(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


@dataclass(frozen=True, slots=True)
class Subscription:
    """One channel's daily post: where, when (local time in an IANA zone), about what."""

    id: int
    guild_id: int
    channel_id: int
    post_time: time
    timezone: str
    topic: str | None
    subscriber_id: int | None
    status: str  # 'active' | 'paused' | 'ended'
    active_since: datetime
    status_reason: str | None = None

    @property
    def tz(self) -> ZoneInfo:
        """The subscription's time zone."""
        return zone(self.timezone)

    def due_at(self, day: date) -> datetime:
        """The UTC instant of this subscription's post on local `day`."""
        return post_instant(day, self.post_time, self.tz)

    def next_post_at(self, now: datetime, *, posted_day: date | None = None) -> datetime | None:
        """When the next post is due (possibly already passed, if it is pending); None unless active.

        `posted_day` is the local day of the last delivery claimed, so a day already handled is skipped.
        """
        if self.status != "active":
            return None
        today = local_day(now, self.tz)
        for offset in range(3):
            day = today + timedelta(days=offset)
            due = self.due_at(day)
            if due < self.active_since or (posted_day is not None and day <= posted_day):
                continue
            return due
        return None


_SUB_COLUMNS = (
    "id, guild_id, channel_id, post_time, timezone, topic, subscriber_id, status, active_since, status_reason"
)


def _subscription(row: aiosqlite.Row | tuple) -> Subscription:
    (sid, guild_id, channel_id, post_time, tz_name, topic, subscriber_id, status, since, reason) = tuple(row)
    return Subscription(
        id=int(sid),
        guild_id=int(guild_id),
        channel_id=int(channel_id),
        post_time=time.fromisoformat(post_time),
        timezone=tz_name,
        topic=topic,
        subscriber_id=int(subscriber_id) if subscriber_id is not None else None,
        status=status,
        active_since=datetime.fromisoformat(since),
        status_reason=reason,
    )


@dataclass(frozen=True, slots=True)
class Delivery:
    """One subscription's post for one local day, and how it went."""

    subscription_id: int
    local_day: date
    paper_id: str | None
    status: str  # 'pending' | 'sent' | 'failed'
    attempts: int
    due_at: datetime
    next_attempt_at: datetime
    claimed_at: datetime
    sent_at: datetime | None = None
    message_id: int | None = None
    error: str | None = None
    # The topic the card's heading names, recorded with `paper_id` ('' for none); None when no attempt has
    # recorded one (none started yet, or one started before migration 0005).
    topic: str | None = None


_DELIVERY_COLUMNS = (
    "subscription_id, local_day, paper_id, status, attempts, due_at, next_attempt_at, claimed_at, sent_at, "
    "message_id, error, topic"
)


def _delivery(row: aiosqlite.Row | tuple) -> Delivery:
    (sid, day, paper_id, status, attempts, due_at, next_at, claimed_at, sent_at, message_id, error,
     topic) = tuple(row)
    return Delivery(
        subscription_id=int(sid),
        local_day=date.fromisoformat(day),
        paper_id=paper_id,
        status=status,
        attempts=int(attempts),
        due_at=datetime.fromisoformat(due_at),
        next_attempt_at=datetime.fromisoformat(next_at),
        claimed_at=datetime.fromisoformat(claimed_at),
        sent_at=_from_iso(sent_at),
        message_id=int(message_id) if message_id is not None else None,
        error=error,
        topic=topic,
    )


@dataclass(frozen=True, slots=True)
class PendingDelivery:
    """A claimed delivery together with its subscription: what a delivery worker needs."""

    delivery: Delivery
    subscription: Subscription


# --------------------------------------------------------------------------------------------
# The repository


class SubscriptionRepository:
    """Subscriptions and their delivery history; every write is one atomic statement."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        # (zone, time, local day) fully claimed, with its post time
        self._claimed: dict[tuple[str, str, date], datetime] = {}
        self._unknown_zones: set[str] = set()  # stored zones this machine cannot load (warned once each)

    # ---- subscriptions

    async def subscribe(
        self,
        *,
        guild_id: int,
        channel_id: int,
        post_time: time,
        timezone: str,
        topic: str | None,
        subscriber_id: int | None,
        now: datetime,
        limit: int,
    ) -> Subscription:
        """Create or update (and resume) the channel's subscription; raise SubscriptionLimitError when full.

        The limit counts the server's other live (active or paused) subscriptions, checked in the
        same statement as the write so two concurrent subscribes cannot both slip past it. It only
        keeps new ones out: a live one may always be changed or resumed, even in a server that has
        more than a lowered limit allows.
        """
        stamp = _iso(now)
        async with self._conn.execute(
            "INSERT INTO subscriptions (guild_id, channel_id, post_time, timezone, topic, subscriber_id, "
            "status, active_since, status_reason, created_at, updated_at) "
            "SELECT ?, ?, ?, ?, ?, ?, 'active', ?, NULL, ?, ? "
            "WHERE (SELECT count(*) FROM subscriptions WHERE guild_id = ? AND status != 'ended' "
            "AND channel_id != ?) < ? "
            "OR EXISTS (SELECT 1 FROM subscriptions WHERE channel_id = ? AND status != 'ended') "
            "ON CONFLICT (channel_id) DO UPDATE SET guild_id = excluded.guild_id, "
            "post_time = excluded.post_time, timezone = excluded.timezone, topic = excluded.topic, "
            "subscriber_id = excluded.subscriber_id, status = 'active', "
            "active_since = excluded.active_since, status_reason = NULL, updated_at = excluded.updated_at "
            f"RETURNING {_SUB_COLUMNS}",
            (guild_id, channel_id, format_post_time(post_time), timezone, topic or None, subscriber_id,
             stamp, stamp, stamp, guild_id, channel_id, limit, channel_id),
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            raise SubscriptionLimitError(limit, await self.count_live(guild_id))
        return _subscription(row)

    async def unsubscribe(self, channel_id: int, *, now: datetime, reason: str = "unsubscribed") -> Subscription | None:
        """End the channel's subscription, keeping it and its history; None when there was none."""
        return await self._set_status(channel_id=channel_id, status="ended", reason=reason, now=now)

    async def pause(self, subscription_id: int, *, reason: str, now: datetime) -> Subscription | None:
        """Pause a subscription (e.g. the bot lost its permissions); subscribing again resumes it."""
        return await self._set_status(subscription_id=subscription_id, status="paused", reason=reason, now=now)

    async def end(self, subscription_id: int, *, reason: str, now: datetime) -> Subscription | None:
        """End a subscription for good (e.g. its channel was deleted), keeping its history."""
        return await self._set_status(subscription_id=subscription_id, status="ended", reason=reason, now=now)

    async def resume_paused_for(self, subscription_id: int, *, reason: str, now: datetime) -> Subscription | None:
        """Resume a subscription paused for `reason` (and for nothing since), its settings kept; None when
        it is not paused for that reason (changed, resumed or ended meanwhile)."""
        async with self._conn.execute(
            "UPDATE subscriptions SET status = 'active', status_reason = NULL, active_since = ?, updated_at = ? "
            f"WHERE id = ? AND status = 'paused' AND status_reason = ? RETURNING {_SUB_COLUMNS}",
            (_iso(now), _iso(now), subscription_id, reason),
        ) as cursor:
            row = await cursor.fetchone()
        return _subscription(row) if row else None

    async def repause_for(self, subscription_id: int, *, was: str, reason: str, now: datetime) -> Subscription | None:
        """Give a subscription paused for `was` (and for nothing since) the reason `reason`; None when it is
        not paused for `was`: whoever changed it first has already said so (one notice, not two)."""
        async with self._conn.execute(
            "UPDATE subscriptions SET status_reason = ?, updated_at = ? "
            f"WHERE id = ? AND status = 'paused' AND status_reason = ? RETURNING {_SUB_COLUMNS}",
            (reason, _iso(now), subscription_id, was),
        ) as cursor:
            row = await cursor.fetchone()
        return _subscription(row) if row else None

    async def _set_status(
        self,
        *,
        status: str,
        reason: str,
        now: datetime,
        subscription_id: int | None = None,
        channel_id: int | None = None,
    ) -> Subscription | None:
        """Move a live subscription to `status`; its still-pending delivery fails with the same reason."""
        column, value = ("id", subscription_id) if subscription_id is not None else ("channel_id", channel_id)
        async with self._conn.execute(
            f"UPDATE subscriptions SET status = ?, status_reason = ?, updated_at = ? "
            f"WHERE {column} = ? AND status != 'ended' RETURNING {_SUB_COLUMNS}",
            (status, reason, _iso(now), value),
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return None
        subscription = _subscription(row)
        await self._conn.execute(
            "UPDATE deliveries SET status = 'failed', error = ? WHERE subscription_id = ? AND status = 'pending'",
            (f"{status}: {reason}", subscription.id),
        )
        return subscription

    async def by_channel(self, channel_id: int) -> Subscription | None:
        """The channel's subscription (in any status), or None."""
        async with self._conn.execute(
            f"SELECT {_SUB_COLUMNS} FROM subscriptions WHERE channel_id = ?", (channel_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return _subscription(row) if row else None

    async def by_id(self, subscription_id: int) -> Subscription | None:
        """The subscription with this id, or None."""
        async with self._conn.execute(
            f"SELECT {_SUB_COLUMNS} FROM subscriptions WHERE id = ?", (subscription_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return _subscription(row) if row else None

    async def for_guild(self, guild_id: int, *, include_ended: bool = False) -> list[Subscription]:
        """A server's subscriptions (live ones unless `include_ended`), by channel id."""
        async with self._conn.execute(
            f"SELECT {_SUB_COLUMNS} FROM subscriptions WHERE guild_id = ? AND (? OR status != 'ended') "
            "ORDER BY channel_id",
            (guild_id, int(include_ended)),
        ) as cursor:
            return [_subscription(row) for row in await cursor.fetchall()]

    async def all(self, *, include_ended: bool = False) -> list[Subscription]:
        """Every subscription (live ones unless `include_ended`), by server then channel."""
        async with self._conn.execute(
            f"SELECT {_SUB_COLUMNS} FROM subscriptions WHERE ? OR status != 'ended' ORDER BY guild_id, channel_id",
            (int(include_ended),),
        ) as cursor:
            return [_subscription(row) for row in await cursor.fetchall()]

    async def count_live(self, guild_id: int) -> int:
        """How many active or paused subscriptions a server has (what the limit counts)."""
        async with self._conn.execute(
            "SELECT count(*) FROM subscriptions WHERE guild_id = ? AND status != 'ended'", (guild_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    # ---- deliveries

    async def claim_due(self, now: datetime) -> int:
        """Claim today's delivery for every active subscription whose local post time has passed.

        Only a post due on the subscription's current local date is ever claimed (a day missed while
        the bot was down is skipped, never posted late; `posts_on` says which days' posts fall on a
        date), never a post due before the subscription started, and never a day before one already
        claimed (after a move to a zone further west): what `Subscription.next_post_at` assumes.
        Returns how many deliveries were newly claimed.
        """
        async with self._conn.execute(
            "SELECT DISTINCT timezone, post_time FROM subscriptions WHERE status = 'active'"
        ) as cursor:
            schedules = [(row[0], row[1]) for row in await cursor.fetchall()]
        claimed = 0
        stamp = _iso(now)
        for tz_name, post_time in schedules:
            try:
                tz = zone(tz_name)
            except ScheduleError:
                self.warn_unknown_zone(tz_name)
                continue  # those subscriptions wait for a tz database that has their zone; the rest go on
            for day, due in posts_on(local_day(now, tz), time.fromisoformat(post_time), tz):
                if due > now or (tz_name, post_time, day) in self._claimed:
                    continue
                cursor = await self._conn.execute(
                    "INSERT INTO deliveries (subscription_id, local_day, status, due_at, next_attempt_at, "
                    f"claimed_at, claimed_after) SELECT id, ?, 'pending', ?, ?, ?, {_CLAIMED_AFTER} "
                    "FROM subscriptions WHERE status = 'active' AND timezone = ? AND post_time = ? "
                    "AND active_since <= ? "
                    # A later day already delivered (in the zone east of this one it had before) ends
                    # the earlier ones: no card dated before one already in the channel. Not one dated further
                    # ahead than a zone can be (FURTHEST_AHEAD), nor one claimed ahead: a clock set wrong claimed it.
                    "AND NOT EXISTS (SELECT 1 FROM deliveries AS later WHERE later.subscription_id = "
                    "subscriptions.id AND later.local_day > ? AND later.local_day <= ? "
                    f"AND NOT {_claimed_ahead('later')} AND NOT {_ahead_of_the_clock('later')}) "
                    + _TAKE_OVER_CLAIMED_AHEAD,
                    (day.isoformat(), _iso(due), stamp, stamp, day.isoformat(), tz_name, post_time, _iso(due),
                     day.isoformat(), (day + FURTHEST_AHEAD).isoformat(), stamp),
                )
                claimed += max(cursor.rowcount, 0)
                await cursor.close()
                if now - due >= _SETTLED:
                    # Every way to become active (subscribe, change, resume) sets active_since to "now",
                    # so no subscription can become due for this day any more: skip it from now on.
                    self._claimed[(tz_name, post_time, day)] = due
        # Not a day further ahead than a zone can be either, nor one whose post time is still to come: a clock set
        # ahead claimed it, and when it comes (this process still running) its claim must not be skipped as done.
        self._claimed = {key: due for key, due in self._claimed.items()
                         if now.date() - timedelta(days=2) <= key[2] <= now.date() + FURTHEST_AHEAD and due <= now}
        return claimed

    def warn_unknown_zone(self, name: str) -> None:
        """A zone stored on a machine whose tz database had it (a newer one than this machine's, before a
        rollback) cannot be loaded here: say so once, not at every tick (the claim's or a pending post's)."""
        if name not in self._unknown_zones:
            self._unknown_zones.add(name)
            log.error("daily posts in time zone %r are held: this machine's tz database does not have it "
                      "(update the tzdata package); the other subscriptions go on", name)

    async def pending(
        self, *, due_by: datetime | None = None, limit: int = 100_000, after: Delivery | None = None
    ) -> list[PendingDelivery]:
        """Pending deliveries of active subscriptions whose next attempt is due by `due_by`, in attempt order.

        Read a page at a time with `after` (the last delivery of the previous page).
        """
        query = (
            f"SELECT {', '.join('d.' + c.strip() for c in _DELIVERY_COLUMNS.split(','))}, "
            f"{', '.join('s.' + c.strip() for c in _SUB_COLUMNS.split(','))} "
            "FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id "
            "WHERE d.status = 'pending' AND s.status = 'active' AND d.next_attempt_at <= ? "
            # Not tried: its day's claim takes it over (at a post time the subscription may have moved), as long as
            # the clock reads no later than the one that claimed it (_TAKE_OVER_CLAIMED_AHEAD).
            f"AND NOT ({_claimed_ahead('d', on_the_eve=True)} AND d.claimed_at >= ?) "
            "AND (d.next_attempt_at, d.subscription_id, d.local_day) > (?, ?, ?) "
            "ORDER BY d.next_attempt_at, d.subscription_id, d.local_day LIMIT ?"
        )
        cutoff = _iso(due_by) if due_by is not None else "9999"
        start = ("", 0, "")
        if after is not None:
            start = (_iso(after.next_attempt_at), after.subscription_id, after.local_day.isoformat())
        async with self._conn.execute(query, (cutoff, cutoff, *start, limit)) as cursor:
            rows = await cursor.fetchall()
        width = len(_DELIVERY_COLUMNS.split(","))
        return [PendingDelivery(_delivery(tuple(row)[:width]), _subscription(tuple(row)[width:])) for row in rows]

    async def next_attempt_at(self) -> datetime | None:
        """The earliest scheduled retry among pending deliveries, or None."""
        async with self._conn.execute(
            "SELECT min(next_attempt_at) FROM deliveries WHERE status = 'pending'"
        ) as cursor:
            row = await cursor.fetchone()
        return _from_iso(row[0]) if row else None

    async def start_attempt(self, subscription_id: int, day: date, *, paper_id: str, topic: str | None,
                            seen_attempts: int, until: datetime) -> int:
        """Record, before sending, that an attempt starts (with which paper, under which topic's heading: None
        for none); returns the attempt number.

        Returns 0, and records nothing, when the delivery is no longer pending or when another attempt
        started since the caller read `seen_attempts` (a second bot process on the same database, as
        during a deploy that overlaps the old and the new process). The attempt owns the delivery until
        `until`: `pending()` hides it till then, so nobody looks for its card while it may be on its way.
        """
        async with self._conn.execute(
            "UPDATE deliveries SET attempts = attempts + 1, paper_id = ?, topic = ?, next_attempt_at = ? "
            "WHERE subscription_id = ? AND local_day = ? AND status = 'pending' AND attempts = ? RETURNING attempts",
            (paper_id, topic or "", _iso(until), subscription_id, day.isoformat(), seen_attempts),
        ) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def mark_sent(self, subscription_id: int, day: date, *, message_id: int, now: datetime,
                        to_publish: bool = False) -> None:
        """The card is in the channel; `to_publish`: in an announcement channel, and not published yet
        (`mark_published` says it was tried; `unpublished` finds those a crash left)."""
        await self._conn.execute(
            "UPDATE deliveries SET status = 'sent', message_id = ?, sent_at = ?, error = NULL, unpublished = ? "
            "WHERE subscription_id = ? AND local_day = ?",
            (message_id, _iso(now), int(to_publish), subscription_id, day.isoformat()),
        )

    async def mark_published(self, subscription_id: int, day: date) -> None:
        """Publishing the day's card to the servers following its announcement channel was tried."""
        await self._conn.execute(
            "UPDATE deliveries SET unpublished = 0 WHERE subscription_id = ? AND local_day = ? AND unpublished = 1",
            (subscription_id, day.isoformat()),
        )

    async def unpublished(self, *, sent_before: datetime | None = None) -> list[PendingDelivery]:
        """The cards recorded as sent in an announcement channel whose publishing was never tried (a crash
        came between the two), with their subscriptions, whatever their status now.

        `sent_before`: only those recorded as sent by then (to the second). A card recorded a moment ago is
        most likely being published right now by the process that sent it, another bot process on this
        database included (a deploy that starts the new process before the old one stops): publishing it a
        second time is refused by Discord ("already crossposted")."""
        async with self._conn.execute(
            f"SELECT {', '.join('d.' + c.strip() for c in _DELIVERY_COLUMNS.split(','))}, "
            f"{', '.join('s.' + c.strip() for c in _SUB_COLUMNS.split(','))} "
            "FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id "
            "WHERE d.unpublished = 1 AND d.sent_at <= ? ORDER BY d.subscription_id, d.local_day",
            (_iso(sent_before) if sent_before is not None else "9999",),
        ) as cursor:
            rows = await cursor.fetchall()
        width = len(_DELIVERY_COLUMNS.split(","))
        return [PendingDelivery(_delivery(tuple(row)[:width]), _subscription(tuple(row)[width:])) for row in rows]

    async def retry_later(self, subscription_id: int, day: date, *, at: datetime, error: str) -> None:
        """A transient failure: try again at `at`."""
        await self._conn.execute(
            "UPDATE deliveries SET next_attempt_at = ?, error = ? "
            "WHERE subscription_id = ? AND local_day = ? AND status = 'pending'",
            (_iso(at), error[:500], subscription_id, day.isoformat()),
        )

    async def mark_failed(self, subscription_id: int, day: date, *, error: str) -> None:
        """Give up on this day's post (the reason is kept in the history)."""
        await self._conn.execute(
            "UPDATE deliveries SET status = 'failed', error = ? "
            "WHERE subscription_id = ? AND local_day = ? AND status = 'pending'",
            (error[:500], subscription_id, day.isoformat()),
        )

    async def resume_stopped_day(self, sub: Subscription, now: datetime) -> Delivery | None:
        """After a paused `sub` was resumed: the post of its current local day, if the pause stopped it
        before any card reached the channel, is due again at once (as after a bot that was down at
        the post time), or at the post time the resume set if that is later today. Returns that
        delivery, or None when there is none to resume.

        Only a day the pause failed (its error starts "paused:") and only while that local day lasts, in
        the zone the subscription has now: a day given up for another reason, or already posted, stays.
        The paper its stopped attempt chose is kept only if the topic is still the one it was chosen for: the
        resume may set another topic, and the card to come must be about it (the stopped one never reached the
        channel: Discord refused it, or the bot's permissions were seen missing before sending).
        """
        try:
            tz = sub.tz
        except ScheduleError:  # a zone this machine cannot load: its posts are held (see claim_due)
            return None
        today = local_day(now, tz)
        stopped = await self.delivery(sub.id, today)
        if (stopped is None or stopped.status != "failed" or stopped.message_id is not None
                or not (stopped.error or "").startswith("paused:") or local_day(stopped.due_at, tz) != today):
            return None
        async with self._conn.execute(
            "UPDATE deliveries SET status = 'pending', next_attempt_at = ?, error = NULL, "
            "paper_id = CASE WHEN topic = ? THEN paper_id END, topic = CASE WHEN topic = ? THEN topic END "
            "WHERE subscription_id = ? AND local_day = ? AND status = 'failed' AND message_id IS NULL "
            f"RETURNING {_DELIVERY_COLUMNS}",
            (_iso(max(now, sub.due_at(today))), sub.topic or "", sub.topic or "", sub.id, today.isoformat()),
        ) as cursor:
            row = await cursor.fetchone()
        return _delivery(row) if row else None

    async def keep_today(self, sub: Subscription, now: datetime) -> Delivery | None:
        """Today's delivery of `sub`, due at once, when its post time today has passed without one: after
        a change moved the time to one already passed while today's post (at the old time) was still
        to come, or after a resume of a pause older than today's post. Returns it, or None when its
        current local day has a delivery already (or a later day has), or its post is not passed yet
        (the claim takes it then).

        Without it the day would have no card: a change or a resume makes `sub` active since now, and
        no claim reaches back before that.
        """
        try:
            tz = sub.tz
        except ScheduleError:  # a zone this machine cannot load: its posts are held (see claim_due)
            return None
        today = local_day(now, tz)
        due = sub.due_at(today)
        if due > now or local_day(due, tz) != today:
            return None
        stamp = _iso(now)
        async with self._conn.execute(
            "INSERT INTO deliveries (subscription_id, local_day, status, due_at, next_attempt_at, claimed_at, "
            f"claimed_after) SELECT id, ?, 'pending', ?, ?, ?, {_CLAIMED_AFTER} FROM subscriptions "
            "WHERE id = ? AND NOT EXISTS (SELECT 1 FROM deliveries AS later WHERE later.subscription_id = ? "
            # FURTHEST_AHEAD and a row claimed ahead, as claim_due
            f"AND later.local_day >= ? AND later.local_day <= ? AND NOT {_claimed_ahead('later')} "
            f"AND NOT {_ahead_of_the_clock('later')}) {_TAKE_OVER_CLAIMED_AHEAD} RETURNING {_DELIVERY_COLUMNS}",
            (today.isoformat(), _iso(due), stamp, stamp, today.isoformat(), sub.id, sub.id, today.isoformat(),
             (today + FURTHEST_AHEAD).isoformat(), stamp),
        ) as cursor:
            row = await cursor.fetchone()
        return _delivery(row) if row else None

    async def delivery(self, subscription_id: int, day: date) -> Delivery | None:
        """One subscription's delivery for one local day, or None."""
        async with self._conn.execute(
            f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE subscription_id = ? AND local_day = ?",
            (subscription_id, day.isoformat()),
        ) as cursor:
            row = await cursor.fetchone()
        return _delivery(row) if row else None

    async def latest_card_before(self, subscription_id: int, day: date) -> int | None:
        """The message id of the card of the latest day before `day` that has one (None: none has)."""
        async with self._conn.execute(
            "SELECT message_id FROM deliveries WHERE subscription_id = ? AND local_day < ? AND message_id IS NOT NULL "
            "ORDER BY local_day DESC LIMIT 1",
            (subscription_id, day.isoformat()),
        ) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else None

    async def history(self, subscription_id: int, *, limit: int = 30) -> list[Delivery]:
        """A subscription's deliveries, newest day first."""
        async with self._conn.execute(
            f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE subscription_id = ? ORDER BY local_day DESC LIMIT ?",
            (subscription_id, limit),
        ) as cursor:
            return [_delivery(row) for row in await cursor.fetchall()]

    async def prune_history(self, *, before: date) -> int:
        """Delete settled deliveries of local days before `before`; return how many went.

        Pending rows stay (a send may be under way), and so does each subscription's latest row:
        it is what "next post" displays read, and a history that ends somewhere says more than none.
        """
        cursor = await self._conn.execute(
            "DELETE FROM deliveries WHERE local_day < ? AND status != 'pending' AND local_day < "
            "(SELECT max(latest.local_day) FROM deliveries AS latest "
            " WHERE latest.subscription_id = deliveries.subscription_id)",
            (before.isoformat(),),
        )
        pruned = max(cursor.rowcount, 0)
        await cursor.close()
        return pruned

    async def latest_claim_before(self, moment: datetime) -> datetime | None:
        """When the latest delivery of a subscription active now was claimed before `moment` (None: none was). Once a
        day, for pruning: an active subscription is claimed every day, so a long silence says the clock is wrong; one
        paused or ended months ago (a server that left) says nothing of the clock."""
        async with self._conn.execute("SELECT max(d.claimed_at) FROM deliveries AS d JOIN subscriptions AS s ON "
                                      "s.id = d.subscription_id WHERE s.status = 'active' AND d.claimed_at < ?",
                                      (_iso(moment),)) as cursor:
            row = await cursor.fetchone()
        return _from_iso(row[0]) if row else None

    async def retrying(self, subscription_ids: list[int], *, now: datetime) -> dict[int, Delivery]:
        """Per subscription, its latest pending delivery that has failed and waits for another attempt, of the days
        no further ahead of `now`'s UTC date than a zone can be (FURTHEST_AHEAD: one a clock set ahead claimed is
        not a card late now, and is not tried before its date)."""
        return await self._deliveries_by_subscription(
            subscription_ids,
            f"status = 'pending' AND error IS NOT NULL AND local_day <= ? AND NOT {_no_day_posted('d')} "
            "ORDER BY local_day", (_latest_day(now), _iso(now)))

    async def given_up(self, subscription_ids: list[int], *, now: datetime) -> dict[int, Delivery]:
        """Per subscription whose latest delivery failed for good (Discord rejected the card, the local day
        ended while it kept failing), that delivery; a day a pause or the end stopped is not one of them
        (the subscription's own status says that).

        Latest of the days no further ahead of `now`'s UTC date than a zone can be (FURTHEST_AHEAD), as
        last_claimed_days counts them: a delivery a clock set ahead claimed (a year on, say) neither hides the days
        missed after the clock was corrected until its date, nor, failed itself, stands for a day missed now; nor
        does it in the days just before its date (_claimed_ahead), nor while its post time is still to come by the
        bot's clock, after the clock was set back (_ahead_of_the_clock)."""
        latest = _latest_day(now)
        return await self._deliveries_by_subscription(
            subscription_ids,
            "status = 'failed' AND error NOT LIKE 'paused:%' AND error NOT LIKE 'ended:%' AND local_day = "
            "(SELECT max(local_day) FROM deliveries AS latest WHERE latest.subscription_id = d.subscription_id "
            f"AND latest.local_day <= ? AND NOT {_no_day_posted('latest')})",
            (latest, _iso(now)))

    async def _deliveries_by_subscription(self, subscription_ids: list[int], condition: str,
                                          parameters: tuple[str, ...] = ()) -> dict[int, Delivery]:
        """The deliveries of these subscriptions meeting `condition` (SQL over `d`, with `parameters`), the last one
        per subscription."""
        if not subscription_ids:
            return {}
        marks = ",".join("?" * len(subscription_ids))
        async with self._conn.execute(
            f"SELECT {_DELIVERY_COLUMNS} FROM deliveries AS d WHERE subscription_id IN ({marks}) AND {condition}",
            (*subscription_ids, *parameters),
        ) as cursor:
            return {item.subscription_id: item for item in map(_delivery, await cursor.fetchall())}

    async def last_claimed_days(self, subscription_ids: list[int], *, now: datetime | None = None) -> dict[int, date]:
        """The latest local day claimed per subscription (for 'next post' displays); with `now`, of the days no
        further ahead of its UTC date than a zone can be (FURTHEST_AHEAD: a later one was claimed by a wrong clock,
        and claim_due does not count it either). Never one claimed ahead (_claimed_ahead), once the days before it
        are claimed: the day before it is not a day after the last one posted; nor, with `now`, one whose post time
        is still to come (_ahead_of_the_clock: after a clock a few days ahead was set back, the next morning's card
        comes, and the one it claimed when its day comes)."""
        if not subscription_ids:
            return {}
        marks = ",".join("?" * len(subscription_ids))
        latest, stamp = (_latest_day(now), _iso(now)) if now is not None else ("9999", "9999")
        # Per subscription the latest day down from `latest` standing for a day posted (_no_day_posted): usually the
        # first.
        async with self._conn.execute(
            "SELECT id, (SELECT local_day FROM deliveries AS d WHERE d.subscription_id = subscriptions.id "
            f"AND d.local_day <= ? AND NOT {_no_day_posted('d')} ORDER BY d.local_day DESC LIMIT 1) "
            f"FROM subscriptions WHERE id IN ({marks})",
            (latest, stamp, *subscription_ids),
        ) as cursor:
            return {int(row[0]): date.fromisoformat(row[1]) for row in await cursor.fetchall() if row[1] is not None}
