"""Make the code openapi-python-client generates run on Python 3.9 (the package's floor).

The generator's templates target Python 3.11: `typing.Self`, `enum.StrEnum`, `X | Y` unions in
annotations and casts, and `datetime.fromisoformat` of a "Z" timestamp. Every module gets
`from __future__ import annotations` (annotations stay strings, so `X | Y` is never evaluated), `Self` comes from typing_extensions, and `StrEnum` becomes
`(str, Enum)` (the generated enums define their own `__str__`). Usage: python_client_py39.py DIR
"""

import re
import sys
from pathlib import Path

FUTURE = "from __future__ import annotations\n"


# types.py's module-level aliases are evaluated at import time: spelled with typing.Union there.
TYPES_ALIASES = (
    (
        "FileContent = IO[bytes] | bytes | str",
        "FileContent = Union[IO[bytes], bytes, str]",
    ),
    (
        "    tuple[str | None, FileContent, str | None]",
        "    Union[\n        tuple[Optional[str], FileContent, Optional[str]],",
    ),
    (
        "    | tuple[str | None, FileContent, str | None, Mapping[str, str]]",
        "        tuple[Optional[str], FileContent, Optional[str], Mapping[str, str]],\n    ]",
    ),
)


def fix_types_module(text: str) -> str:
    for old, new in TYPES_ALIASES:
        if old not in text:
            sys.exit(f"types.py: expected {old!r}; update python_client_py39.py for this generator version")
        text = text.replace(old, new)
    return text.replace("from typing import IO,", "from typing import IO, Optional, Union,", 1)


def fix(text: str) -> str:
    if not text.strip():
        return text
    # cast(A | B, x) evaluates its first argument: pass the type as a string instead.
    text = re.sub(
        r"\bcast\(\s*([^,()\"]*\|[^,()\"]*?),",
        lambda m: 'cast("' + " ".join(m.group(1).split()) + '",',
        text,
    )
    # One line per `from typing import` (ruff wraps long ones in parentheses; it rewraps them later).
    text = re.sub(
        r"^from typing import \(([^)]*)\)",
        lambda m: "from typing import " + ", ".join(n.strip() for n in m.group(1).split(",") if n.strip()),
        text,
        flags=re.M,
    )
    # datetime.fromisoformat() reads a trailing "Z" only from Python 3.11 on; the service sends UTC as "Z".
    text = re.sub(
        r"datetime\.datetime\.fromisoformat\(((?:d\.pop\(\"\w+\"\))|data)\)",
        r'datetime.datetime.fromisoformat(\1.replace("Z", "+00:00"))',
        text,
    )
    lines = text.split("\n")
    out = []
    for line in lines:
        m = re.match(r"^from typing import (.*)$", line)
        if m and "Self" in [n.strip() for n in m.group(1).split(",")]:
            names = [n.strip() for n in m.group(1).split(",") if n.strip() and n.strip() != "Self"]
            if names:
                out.append("from typing import " + ", ".join(names))
            out.append("from typing_extensions import Self")
            continue
        if line == "from enum import StrEnum":
            out.append("from enum import Enum")
            continue
        out.append(re.sub(r"^class (\w+)\(StrEnum\):", r"class \1(str, Enum):", line))
    text = "\n".join(out)
    if FUTURE not in text:
        if text.startswith('"""'):
            end = text.index('"""', 3) + 3
            text = text[:end] + "\n\n" + FUTURE + text[end:]
        else:
            text = FUTURE + "\n" + text
    return text


def main(root: str) -> None:
    for path in sorted(Path(root).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        fixed = fix(fix_types_module(text) if path.name == "types.py" and path.parent == Path(root) else text)
        if "(StrEnum)" in fixed or re.search(r"fromisoformat\((?!.*replace\(\"Z\")", fixed) or re.search(r"^from typing import .*\bSelf\b", fixed, re.M):
            sys.exit(f"{path}: a 3.11-only construct is left")
        if fixed != text:
            path.write_text(fixed, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
