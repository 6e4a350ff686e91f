"""`/rules`: find an entry of the channel's ruleset (or of every ruleset outside a game
channel) by id, title or name, case-insensitively or by a unique prefix; list the
topics; feed the autocomplete. The entries themselves come from bot.help_entries
(each game's kit)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.help_entries import Entry, entries
from bot.texts import clip
from rules.registry import get_kit, list_kits

ANSWER_LIMIT = 1900   # an entry with its title
INDEX_LIMIT = 2000    # Discord's message limit, for the topic list
CHOICES = 25          # Discord's autocomplete limits
CHOICE_NAME = 100
LISTED_GROUPS = ("Intruder", "Board")  # named one by one in the topic list

Hit = tuple[str, Entry]  # (ruleset, entry)


def _rulesets(ruleset: str | None) -> list[str]:
    return [ruleset] if ruleset else list_kits()


def _title(ruleset: str) -> str:
    return get_kit(ruleset).title


def _pool(ruleset: str | None) -> list[Hit]:
    return [(name, e) for name in _rulesets(ruleset) for e in entries(name)]


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def _forms(e: Entry) -> tuple[str, ...]:
    """What a player may type for an entry: its id, title or bare name."""
    return (_norm(e.key), _norm(e.title), _norm(e.name))


def _compact(text: str) -> str:
    """Without spaces and hyphens ("take off", "takeoff" and "take-off" are one)."""
    return text.replace(" ", "").replace("-", "")


def _variants(wanted: str) -> list[str]:
    """Singular and plural spellings ("votes" finds `vote`, "intruder" `intruders`)."""
    out = [wanted + "s"]
    if wanted.endswith("es"):
        out.append(wanted[:-2])
    if wanted.endswith("s"):
        out.append(wanted[:-1])
    return out


def find(topic: str, ruleset: str | None = None) -> list[Hit]:
    """The entries a typed topic means, best first: one hit is an answer, several are
    the candidates. A "ruleset:id" topic (an autocomplete value) names one ruleset."""
    head, sep, rest = topic.partition(":")
    if sep and head.strip().lower() in list_kits():
        ruleset, topic = head.strip().lower(), rest
    wanted = _norm(topic)
    if not wanted:
        return []
    pool = _pool(ruleset)
    compact = _compact(wanted)
    for test in (lambda e: _norm(e.key) == wanted,
                 lambda e: wanted in _forms(e),
                 lambda e: compact in {_compact(f) for f in _forms(e)},
                 lambda e: any(v in _forms(e) for v in _variants(wanted))):
        exact = [(rs, e) for rs, e in pool if test(e)]
        if exact:
            return _one_per_ruleset(exact)
    prefix = [(rs, e) for rs, e in pool if any(f.startswith(wanted) for f in _forms(e))]
    if prefix:
        return prefix
    return [(rs, e) for rs, e in pool if any(wanted in f for f in _forms(e))]


def _one_per_ruleset(hits: list[Hit]) -> list[Hit]:
    """Same-named entries of one ruleset (four "Uninfected" statuses) answer as one."""
    seen: set[str] = set()
    out = []
    for rs, e in hits:
        if rs not in seen:
            seen.add(rs)
            out.append((rs, e))
    return out


def answer(topic: str | None, ruleset: str | None = None) -> str:
    """The reply to `/rules [topic]` in a channel playing `ruleset` (None: anywhere)."""
    if not topic or not topic.strip():
        return index_text(ruleset)
    game = _game_named(topic)
    if game is not None:  # "/rules nemesis": that game's topic list
        return index_text(game)
    hits = find(topic, ruleset)
    if len(hits) == 1:
        rs, e = hits[0]
        where = "" if rs == ruleset else f" ({_title(rs)})"
        return clip(f"**{e.title}**{where}\n{e.text}", ANSWER_LIMIT)
    if hits:
        return clip("Did you mean: " + _listed(hits, ruleset) + "? Type more of the name, "
                    "or pick from the autocomplete list.", ANSWER_LIMIT)
    shown = clip(topic.strip(), 80)
    elsewhere = find(topic) if ruleset else []
    if elsewhere and ruleset:
        return clip(f"{_title(ruleset)} has no rules entry for '{shown}'. Another "
                    "game has: " + _listed(elsewhere, None) + ".", ANSWER_LIMIT)
    return f"I have no rules entry for '{shown}'. Try `/rules` for the list of topics."


def _listed(hits: list[Hit], ruleset: str | None) -> str:
    """Up to 10 candidates, each with what to type for it."""
    names = [f"{_choice_name(rs, e, ruleset)} (`{_value(rs, e, ruleset)}`)"
             for rs, e in hits[:10]]
    return "; ".join(names) + (f" (and {len(hits) - 10} more)" if len(hits) > 10 else "")


def _plural(group: str) -> str:
    word = group.lower()
    if word.endswith("y"):
        return word[:-1] + "ies"
    return word + ("es" if word.endswith("s") else "s")


def _ruleset_index(ruleset: str) -> list[str]:
    all_entries = entries(ruleset)
    lines = [f"**{_title(ruleset)}**",
             "**Rules:** " + " ".join(f"`{e.key}`" for e in all_entries if not e.group)]
    labels = {"Intruder": "Intruders", "Board": "Board symbols and tokens"}
    listed = LISTED_GROUPS
    for group in listed:
        names = [e.name for e in all_entries if e.group == group]
        if names:
            lines.append(f"**{labels[group]}:** " + ", ".join(names))
    groups = list(dict.fromkeys(e.group for e in all_entries
                                if e.group and e.group not in listed))
    if groups:
        example = next(e.name for e in all_entries if e.group == groups[0])
        lines.append("**Ask by name:** " + ", ".join(_plural(g) for g in groups)
                     + f" (e.g. `/rules {example}`).")
    return lines


def index_text(ruleset: str | None = None) -> str:
    """The topics of the channel's ruleset; outside a game channel, the games and how
    to ask about each (a list of every game's topics would not fit one message)."""
    if ruleset is None:
        return clip(_games_index(), INDEX_LIMIT)
    first = next(e for e in entries(ruleset) if not e.group)
    tail = (f"Type a topic, a name or its first letters: `/rules {first.key}`, "
            f"`/rules {first.key[:3]}`.")
    return clip("\n".join(_ruleset_index(ruleset)) + "\n" + tail, INDEX_LIMIT)


def _game_named(topic: str) -> str | None:
    """The ruleset a topic names by its id or title ("nemesis", "Dark Moon")."""
    wanted = _norm(topic)
    return next((name for name in list_kits()
                 if wanted in (_norm(name), _norm(_title(name)))), None)


def _games_index() -> str:
    lines = ["**Rules help.** In a game channel, `/rules` lists that game's topics. Here, "
             "a topic or a name is looked up in every game, or in one with its prefix:"]
    for name in list_kits():
        title = _title(name)
        all_entries = entries(name)
        first = next(e.key for e in all_entries if not e.group)
        lines.append(f"• **{title}** ({len(all_entries)} entries): `/rules {name}` lists "
                     f"its topics; `/rules {name}:{first}`")
    lines.append("Or type any card, room, intruder or board symbol by name: "
                 "`/rules intruders`.")
    return "\n".join(lines)


def _choice_name(rs: str, e: Entry, ruleset: str | None) -> str:
    return clip(e.title if ruleset else f"{get_kit(rs).short_title} · {e.title}", CHOICE_NAME)


def _value(rs: str, e: Entry, ruleset: str | None) -> str:
    return e.key if ruleset else f"{rs}:{e.key}"


def _ranked(current: str, pool: Iterable[Hit]) -> list[Hit]:
    wanted = _norm(current)
    if not wanted:
        order = {"": 0, "Intruder": 1, "Board": 2}
        return sorted(pool, key=lambda hit: order.get(hit[1].group, 3))
    scored = []
    for n, (rs, e) in enumerate(pool):
        forms = _forms(e)
        words = [w for f in forms for w in f.split()]
        if wanted in forms:
            rank = 0
        elif any(f.startswith(wanted) for f in forms):
            rank = 1
        elif any(w.startswith(wanted) for w in words):
            rank = 2
        elif any(wanted in f for f in forms):
            rank = 3
        else:
            continue
        scored.append((rank, n, rs, e))
    return [(rs, e) for _, _, rs, e in sorted(scored, key=lambda t: (t[0], t[1]))]


def topics(current: str, ruleset: str | None = None) -> list[tuple[str, str]]:
    """Autocomplete choices (name, value) for what the player typed so far: at most 25,
    names and values within Discord's 100 characters."""
    hits = _ranked(current, _pool(ruleset))[:CHOICES]
    return [(_choice_name(rs, e, ruleset), _value(rs, e, ruleset)) for rs, e in hits]
