"""Heart to Heart's services as an `Annotated` dependency (`H2H`), for its routes."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from heartcards.web.deps import app_state
from heartcards.web.h2h.services import H2HServices

H2H = Annotated[H2HServices, Depends(app_state("h2h", H2HServices))]
"""The running app's Heart to Heart services (made by `create_app`)."""
