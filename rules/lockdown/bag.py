"""Lockdown's intruder bag: the family bag (rules.nemesis.bag) with Lockdown's tokens
and setup mix."""

from __future__ import annotations

from rules.lockdown.cards import content
from rules.nemesis.bag import IntruderBag

BAG = IntruderBag.of(content().intruders.tokens, content().intruders.bag_start)
