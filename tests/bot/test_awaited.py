"""The lines of /games (bot/awaited.py) from crafted records: the deadline of today's
turn timer (on both sides of it), whom a game waits on, and the order of the list."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.awaited import Listed, answer, deadline, line
from bot.settings import Settings
from bot.storage import PlayerGame

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
SETTINGS = Settings(DISCORD_TOKEN="x", WARDEN_TIMER_UNIT_SECONDS=60)


def game(n: int, waits: dict[str, datetime] | None, *, minutes: int = 0,
         status: str = "running", away: tuple[str, ...] = ()) -> PlayerGame:
    return PlayerGame.model_validate({
        "id": n, "guild_id": "5", "channel_id": str(100 + n), "ruleset": "darkmoon",
        "status": status, "host_id": "1", "seats": ["1", "2", "3", "crew1"],
        "options": {"turn_timeout_minutes": minutes, "away": list(away)}, "version": 4,
        "updated_at": T0, "waits": waits, "game_round": 2, "board_message": None})


def listed(g: PlayerGame, me: str = "1", others: tuple[str, ...] = ()) -> Listed:
    waits = g.waits or {}
    return Listed(game=g, title="Dark Moon", since=waits.get(me), others=others,
                  others_since=min((w for s, w in waits.items() if s != me), default=None),
                  due=deadline(g, me, SETTINGS))


def unix(moment: datetime) -> int:
    return int(moment.timestamp())


def test_the_deadline_is_the_last_change_plus_the_timer_and_only_for_a_seat_awaited() -> None:
    awaited = game(1, {"1": T0 - timedelta(hours=1)}, minutes=30)
    assert deadline(awaited, "1", SETTINGS) == T0 + timedelta(minutes=30)
    assert deadline(awaited, "2", SETTINGS) is None  # not awaited
    assert deadline(game(2, {"1": T0}, minutes=0), "1", SETTINGS) is None  # no timer


def test_time_left_or_time_up_on_either_side_of_the_deadline() -> None:
    item = listed(game(1, {"1": T0 - timedelta(hours=1)}, minutes=30))
    due = T0 + timedelta(minutes=30)
    before = line(item, due - timedelta(seconds=1), lambda _: "Moonbase")
    assert before == (
        "**Dark Moon**, round 2 · <#101> in *Moonbase* · "
        "[board](https://discord.com/channels/5/101)\n"
        f"⏰ **Waits on you** since <t:{unix(T0) - 3600}:R>; Warden decides for you "
        f"<t:{unix(due)}:R>.")
    after = line(item, due, lambda _: None)
    assert after.endswith("; your time is up: Warden decides for you now.")
    assert " in *" not in after  # a server this process does not see is not named


def test_a_game_waiting_on_others_names_at_most_three() -> None:
    g = game(1, dict.fromkeys(("2", "3", "4", "5", "6"), T0))
    text = line(listed(g, others=("<@2>", "<@3>", "**Warden crew 1**", "<@5>", "<@6>")),
                T0, lambda _: None)
    assert text.endswith(f"Waits on <@2>, <@3>, **Warden crew 1** and 2 more since "
                         f"<t:{unix(T0)}:R>.")


def test_the_title_counts_the_games_and_those_waiting_on_you() -> None:
    items = [listed(game(1, {"1": T0})), listed(game(2, {"2": T0}), others=("<@2>",))]
    _, embed = answer(items, T0, lambda _: None)
    assert embed is not None and embed.title == "Your games: 2, 1 waiting on you"
    _, embed = answer(items[1:], T0, lambda _: None)
    assert embed is not None and embed.title == "Your games: 1, none waiting on you"


def test_the_list_order_mine_by_deadline_then_others_by_news_then_lobbies() -> None:
    soon = listed(game(1, {"1": T0}, minutes=5))
    later = listed(game(2, {"1": T0 - timedelta(days=1)}, minutes=60))
    untimed = listed(game(3, {"1": T0 - timedelta(days=2)}))
    other_old = listed(game(4, {"2": T0}).model_copy(
        update={"updated_at": T0 - timedelta(hours=3)}))
    other_new = listed(game(5, {"2": T0}))
    lobby = listed(game(6, None, status="lobby"))
    shuffled = [lobby, other_old, untimed, other_new, later, soon]
    assert sorted(shuffled, key=lambda item: item.sort_key) == [
        soon, later, untimed, other_new, other_old, lobby]


def test_a_seat_the_crew_plays_while_its_player_is_away() -> None:
    g = game(1, {"1": T0, "2": T0}, minutes=30)
    g = g.model_copy(update={"options": {**g.options, "idle": ["2"]}})
    away = Listed(game=g, title="Dark Moon", since=None, others=("<@1>",),
                  others_since=T0, due=None, crew_plays=True)
    assert line(away, T0, lambda _: None).endswith(
        "\nWarden's crew plays your seat while you are away: `/game return` in the channel "
        "gives it back.")
    assert away.sort_key[0] == 1  # not among the games waiting on the player
