"""What Lockdown tells the Nemesis family layer (rules.nemesis.profile): its content
tables, and the slot its profiles are plugged into. The profiles, tables with hooks, are
built in rules.lockdown.ruleset, which hands in the hooks (rules.lockdown.hooks); the
modules beneath it reach them through the state (`GameState.rules`)."""

from __future__ import annotations

from dataclasses import replace

from rules.lockdown.bag import BAG, NEMESIS_BAG
from rules.lockdown.cards import content, index
from rules.nemesis.library import species
from rules.nemesis.profile import Hooks, Profile, ProfileSlot

FIRE_SUPPLY = 12        # the 13th fire marker destroys the facility
MALFUNCTION_SUPPLY = 10  # the 11th malfunction marker destroys the facility
# passive items that give an action, and its cost: Motion Tracker (a free peek, once per
# round, not one of the turn's 2 actions), Handheld Scanner (scan your hand, like the
# serum), Analyze Toolset (the laboratory's analysis of a carried object, same cost as
# the room action)
PASSIVE_COSTS = {"motion_tracker": 0, "scanner": 1, "analyze_toolset": 2}
FREE_PASSIVES = frozenset({"motion_tracker"})

# by whether the original intruders play (LD-XOVER-1); plugged in by the ruleset module
PROFILES: ProfileSlot[bool] = ProfileSlot("rules.lockdown.ruleset")


def profiles(hooks: Hooks) -> dict[bool, Profile]:
    """Lockdown's tables with these hooks: the game's own intruders (False), and with
    the crossover option the original intruders (True): their tokens in the bag and their
    miniatures (the tables already hold their attack cards; the hooks are the same)."""
    own = Profile(
        characters=index().characters, cards=index().cards, items=index().items,
        wounds=index().wounds, contamination=index().contamination,
        attacks=index().attacks, events=index().events, tiles=index().rooms,
        models=content().intruders.models, noise_die=content().dice.noise,
        combat_die=content().dice.combat, advantage_die=content().dice.advantage,
        bag=BAG, fire_supply=FIRE_SUPPLY, malfunction_supply=MALFUNCTION_SUPPLY,
        hooks=hooks, unsupported=frozenset({"engine"}),  # the facility has no engines
        passive_costs=PASSIVE_COSTS, free_passives=FREE_PASSIVES)
    return {False: own, True: replace(own, bag=NEMESIS_BAG, models=species().models)}
