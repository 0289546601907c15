"""Device labels that read alike in every language: "Firefox on Android" becomes "Firefox · Android"."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"

_BROWSERS = ("Edge", "Firefox", "Chrome", "Safari")
_SYSTEMS = ("Android", "iPhone", "iPad", "Windows", "Mac", "ChromeOS", "Linux")
_NEUTRAL_LABELS: dict[str, str] = {
    **{browser: browser for browser in _BROWSERS},
    "Browser": "",
    **{f"{browser} on {system}": f"{browser} · {system}" for browser in _BROWSERS for system in _SYSTEMS},
    **{f"Browser on {system}": system for system in _SYSTEMS},
}
"""Each label the server made before (a browser, "Browser" when unknown, then " on " and the system when known) and
what it is now. A session's label and a passkey's name (its device's label when it was made; never typed by anyone)
were both made so."""


def upgrade() -> None:
    # One UPDATE per table, SQL alone (no row read here), so that the offline SQL (`upgrade_sql`) holds it too.
    changed = {old: new for old, new in _NEUTRAL_LABELS.items() if old != new}
    for table, column in (("account_sessions", "label"), ("account_passkeys", "name")):
        label = sa.column(column, sa.String)
        op.execute(
            sa.table(table, label)
            .update()
            .where(label.in_(list(changed)))
            .values({column: sa.case(changed, value=label)})
        )


def downgrade() -> None:
    """Nothing to undo: the older code shows a neutral label as it is."""
