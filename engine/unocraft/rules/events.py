"""Events: what happened, as values. The rules emit events, never text.

`data` is public: every seat may see it. `secret` (cards drawn, a hand shown
by a challenge) is for the player named `to` only.
"""

from __future__ import annotations

import json
from typing import Any
from dataclasses import dataclass, field


@dataclass(slots=True)
class Event:
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    to: str | None = None
    secret: dict[str, Any] | None = None

    def for_player(self, name: str | None) -> dict[str, Any]:
        """The event as `name` may see it (None: a spectator)."""
        out = {"type": self.type, **self.data}
        if self.secret is not None and name is not None and name == self.to:
            out.update(self.secret)
        return out

    def to_dict(self) -> dict[str, Any]:
        out = {"type": self.type, **self.data}
        if self.secret is not None:
            out["to"] = self.to
            out["secret"] = self.secret
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)
