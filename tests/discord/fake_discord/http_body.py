"""Reading a request: its JSON or multipart body (with the uploaded files), kept on the
request for the handlers; route patterns.
"""

from __future__ import annotations

import json
import mimetypes
import re
from typing import Any

from aiohttp import BodyPartReader, web

from .constants import _BODY, _FILES
from .errors import ApiError
from .world import UploadedFile


async def _read_multipart(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    reader = await request.multipart()
    body: Any = None
    files: list[UploadedFile] = []
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            raise ApiError(400, 50035, "Nested multipart bodies are not supported")
        if part.name == "payload_json":
            body = json.loads(await part.text())
            continue
        match = re.fullmatch(r"files\[(\d+)\]", part.name or "")
        filename = part.filename or "file"
        data = bytes(await part.read())
        index = int(match.group(1)) if match else len(files)
        files.append(UploadedFile(index, filename, data, _guess_type(filename)))
    return body, files


def _route_pattern(path: str) -> str:
    """The aiohttp pattern of a route: ``{..._id}`` only matches snowflakes (so that e.g.
    ``/messages/pins`` is an unknown route), webhook message ids may also be ``@original``."""
    if "/webhooks/" in path:
        path = path.replace("{message_id}", r"{message_id:\d+|@original}")
    return re.sub(r"\{(\w+_id)\}", r"{\1:\\d+}", path)


def _body(request: web.Request) -> Any:
    """The request's JSON body (or multipart ``payload_json``); ``{}`` if there was none."""
    body = request[_BODY]
    return {} if body is None else body


def _files(request: web.Request) -> list[UploadedFile]:
    return request[_FILES]


def _guess_type(filename: str) -> str:
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"

