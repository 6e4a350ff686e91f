"""Warden's log lines: plain text (the default) or one JSON object a line
(``WARDEN_LOG_FORMAT=json``) for log collectors, and the line every applied move writes
on the ``warden.moves`` logger."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any, Final, Literal

LogFormat = Literal["text", "json"]

TEXT_FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"
FIELDS: Final = "fields"
"""Attribute of a log record holding its structured fields (``extra={"fields": {...}}``)."""

moves_log = logging.getLogger("warden.moves")


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, logger, message, the
    record's structured fields, and the traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(getattr(record, FIELDS, None) or {})
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(level: str, log_format: LogFormat) -> None:
    """Send every log line to stderr at ``level`` in ``log_format``."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if log_format == "json"
                         else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level.upper(), handlers=[handler], force=True)


def log_move(game_id: int, ruleset: str, seat: str, kind: str, version: int,
             seconds: float, by_player: bool) -> None:
    """The line of one applied move: game, seat, the kind of action (the first word of
    its key: never the secret part), how long applying and storing it took, the version
    it made."""
    ms = round(seconds * 1000, 2)
    moves_log.info("move game=%s seat=%s action=%s ms=%.2f version=%s", game_id, seat, kind,
                   ms, version, extra={FIELDS: {
                       "event": "move", "game": game_id, "ruleset": ruleset, "seat": seat,
                       "action": kind, "ms": ms, "version": version,
                       "by_player": by_player}})
